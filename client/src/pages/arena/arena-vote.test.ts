import { describe, expect, it } from 'vitest';
import { askedModels } from '../../requests/retry-body.ts';
import { tiersOf } from './vote-panel.tsx';

describe('the arena page', () => {
  it('turns places into tiers, best first, answers sharing a place tied', () => {
    expect(tiersOf({ 'Model C': '1', 'Model A': '2', 'Model B': '2' })).toEqual([['Model C'], ['Model A', 'Model B']]);
    expect(tiersOf({ 'Model B': '3', 'Model A': '1' })).toEqual([['Model A'], ['Model B']]);
  });

  it('shows a round as blind columns before any frame arrives, as many as models were picked or asked for', () => {
    expect(askedModels({ query: 'q', category: 'general', surprise: 3 })).toEqual([
      { engine: 'arena', model: 'Model A' },
      { engine: 'arena', model: 'Model B' },
      { engine: 'arena', model: 'Model C' },
    ]);
    const picked = askedModels({ query: 'q', category: 'coding', models: [{ engine: 'openai', model: 'gpt-4o-mini' }, { engine: 'groq', model: 'llama' }] });
    expect(picked.map((column) => column.model)).toEqual(['Model A', 'Model B']);
  });
});
