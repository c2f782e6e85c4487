import { describe, expect, it } from 'vitest';
import type { HistoryRequest } from '../../api/history-api.ts';
import { answerDifferences, compareAnswers } from './answer-differences.ts';

const result = (engine: string, model: string, response: string | null) => ({
  engine,
  model,
  response,
  success: response !== null,
});

/** A stored comparison as the history returns it, with only what the comparison reads filled in. */
const request = (results: ReturnType<typeof result>[]) => ({ id: crypto.randomUUID(), createdAt: '2026-11-20T10:00:00.000Z', results }) as unknown as HistoryRequest;

describe('differences between two runs of a question', () => {
  it('marks the words each answer dropped and added, and how many of the longer answer stayed', () => {
    const { parts, unchangedShare } = compareAnswers('Tides come from the pull of the Moon, mostly.', 'Tides come from the pull of the Moon and the Sun.');
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual(['and the Sun']);
    expect(parts.filter((part) => part.kind === 'removed').map((part) => part.text.trim())).toEqual([', mostly']);
    expect(parts[0]).toEqual({ kind: 'same', text: 'Tides come from the pull of the Moon' });
    // 8 of the longer answer's 11 words were kept.
    expect(unchangedShare).toBeCloseTo(8 / 11);
    expect(compareAnswers('Same words here', 'Same words here').unchangedShare).toBe(1);
  });

  it('lists the later run’s models first, then those asked only before, and says where a model had no answer', () => {
    const earlier = request([result('openai', 'gpt-4o', 'Water boils at 100 °C.'), result('deepseek', 'deepseek-chat', 'At sea level, 100 °C.'), result('groq', 'llama', null)]);
    const later = request([result('anthropic', 'claude', 'It boils at 100 °C.'), result('openai', 'gpt-4o', 'Water boils at 100 °C.'), result('groq', 'llama', 'About 100 °C.')]);
    const differences = answerDifferences(earlier, later);
    expect(differences.map((difference) => difference.model)).toEqual(['claude', 'gpt-4o', 'llama', 'deepseek-chat']);
    expect(differences[0]).toMatchObject({ earlier: null, later: 'It boils at 100 °C.', unchangedShare: null, parts: [{ kind: 'added', text: 'It boils at 100 °C.' }] });
    expect(differences[1]).toMatchObject({ unchangedShare: 1, parts: [{ kind: 'same', text: 'Water boils at 100 °C.' }] });
    // A failed answer counts as none: nothing to compare with.
    expect(differences[2]).toMatchObject({ earlier: null, later: 'About 100 °C.', unchangedShare: null });
    expect(differences[3]).toMatchObject({ earlier: 'At sea level, 100 °C.', later: null, parts: [{ kind: 'removed' }] });
  });
});
