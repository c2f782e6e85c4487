import { describe, expect, it } from 'vitest';
import { detailsTitle, turnsText } from './details-title.ts';

const names: Record<string, string> = { 'gpt-4o-mini': 'GPT-4o mini' };
const modelName = ({ model }: { engine: string; model: string }) => names[model] ?? model;
const result = { engine: 'openai', model: 'gpt-4o-mini' } as never;

describe('detailsTitle', () => {
  it('names a single answer after its model, never as a comparison', () => {
    const single = { kind: 'single' as const, engine: 'openai', model: 'gpt-4o-mini', results: [result], turnCount: 1 };
    expect(detailsTitle(single, modelName)).toEqual({ title: 'Answer from GPT-4o mini', models: null });
    expect(detailsTitle({ ...single, turnCount: 3 }, modelName)).toEqual({ title: 'Conversation with GPT-4o mini', models: null });
  });

  it('keeps "Request Comparison" for a comparison, with how many models it asked', () => {
    const comparison = { kind: 'comparison' as const, engine: 'comparison_stream', model: 'comparison:x', results: [result, result, result], turnCount: 2 };
    expect(detailsTitle(comparison, modelName)).toEqual({ title: 'Request Comparison', models: '3 models' });
    expect(detailsTitle({ ...comparison, results: [result] }, modelName).models).toBe('1 model');
    expect(detailsTitle({ ...comparison, results: [] }, modelName).models).toBeNull();
  });

  it('counts turns in words', () => {
    expect(turnsText(1)).toBe('1 turn');
    expect(turnsText(3)).toBe('3 turns');
  });
});
