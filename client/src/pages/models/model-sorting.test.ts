import { describe, expect, it } from 'vitest';
import type { ModelStatsEntry, WindowFigures } from '../../api/model-stats-api.ts';
import { nextSort, sortModels } from './model-sorting.ts';

const figures = (answers: number, p50: number | null): WindowFigures => ({
  answers,
  errors: 0,
  errorRate: { value: p50 === null ? null : 0, count: answers },
  timeToFirstTokenMs: { p50, p95: p50, count: answers },
  outputTokensPerSecond: { p50, count: answers },
});

const entry = (model: string, credits: number, p50: number | null): ModelStatsEntry => ({
  engine: 'openai',
  engineName: 'OpenAI',
  model,
  name: model,
  available: true,
  credits,
  contextTokens: 128_000,
  tier: 'registered',
  accepts: { webSearch: false, images: false, systemPrompt: true, temperature: null, reasoning: false },
  last24Hours: figures(p50 === null ? 3 : 30, p50),
  last7Days: figures(40, 100),
});

const ENTRIES = [entry('b', 6, 300), entry('a', 12, null), entry('c', 3, 100)];
const names = (rows: ModelStatsEntry[]) => rows.map((row) => row.model);

describe('sorting the models table', () => {
  it('keeps the catalogue order until a column is picked', () => {
    expect(names(sortModels(ENTRIES, null, 'last24Hours'))).toEqual(['b', 'a', 'c']);
  });

  it('sorts names A to Z first and numbers highest first, and reverses on a second click', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'ascending' });
    expect(nextSort(null, 'credits')).toEqual({ key: 'credits', direction: 'descending' });
    expect(nextSort({ key: 'credits', direction: 'descending' }, 'credits')).toEqual({ key: 'credits', direction: 'ascending' });
    expect(names(sortModels(ENTRIES, { key: 'name', direction: 'ascending' }, 'last24Hours'))).toEqual(['a', 'b', 'c']);
    expect(names(sortModels(ENTRIES, { key: 'credits', direction: 'descending' }, 'last24Hours'))).toEqual(['a', 'b', 'c']);
    expect(names(sortModels(ENTRIES, { key: 'credits', direction: 'ascending' }, 'last24Hours'))).toEqual(['c', 'b', 'a']);
  });

  it('puts a figure not given yet last, whichever way', () => {
    expect(names(sortModels(ENTRIES, { key: 'firstTokenP50', direction: 'descending' }, 'last24Hours'))).toEqual(['b', 'c', 'a']);
    expect(names(sortModels(ENTRIES, { key: 'firstTokenP50', direction: 'ascending' }, 'last24Hours'))).toEqual(['c', 'b', 'a']);
  });

  it('sorts by the window shown', () => {
    // Every model has the same figures over the week: the catalogue order decides.
    expect(names(sortModels(ENTRIES, { key: 'speed', direction: 'descending' }, 'last7Days'))).toEqual(['b', 'a', 'c']);
  });
});
