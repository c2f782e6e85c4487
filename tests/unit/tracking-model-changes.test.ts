import { describe, expect, it } from 'vitest';
import { answerSurface } from '../../core/brand/answer-surface.ts';
import { modelChanges, type VersionCount } from '../../core/tracking/model-changes.ts';
import { withSegments } from '../../core/tracking/series-segments.ts';
import { aiOverviewVersion } from '../../worker/providers/serpapi/serpapi-model-version.ts';

const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const count = (run: number, version: string, answers = 3, model = 'gpt-4o', surface: VersionCount['surface'] = 'model'): VersionCount => ({
  runId: `run-${run}`,
  slotStart: day(run),
  startedAt: day(run),
  engine: 'openai',
  model,
  surface,
  version,
  answers,
});

describe('model changes', () => {
  it('marks the run that first answered with a new version, from → to', () => {
    const changes = modelChanges([count(1, 'gpt-4o-2024-08-06'), count(2, 'gpt-4o-2024-08-06'), count(3, 'gpt-4o-2024-11-20')]);
    expect(changes).toEqual([
      { runId: 'run-3', slotStart: day(3), startedAt: day(3), engine: 'openai', model: 'gpt-4o', surface: 'model', from: 'gpt-4o-2024-08-06', to: 'gpt-4o-2024-11-20' },
    ]);
  });

  it('reads a run as the version most of its answers reported, so a rollout mid-slot is one change, not two', () => {
    const changes = modelChanges([
      count(1, 'a'),
      count(2, 'a', 2),
      count(2, 'b', 1),
      count(3, 'b', 3),
    ]);
    expect(changes.map((change) => [change.runId, change.from, change.to])).toEqual([['run-3', 'a', 'b']]);
  });

  it('keeps models and surfaces apart, and finds nothing for a model that never changed', () => {
    const changes = modelChanges([
      count(1, 'a'),
      count(2, 'a'),
      count(1, 'x', 3, 'gpt-4o-mini'),
      count(2, 'y', 3, 'gpt-4o-mini'),
      count(1, 'a', 3, 'gpt-4o', 'web-search'),
      count(2, 'b', 3, 'gpt-4o', 'web-search'),
    ]);
    expect(changes.map((change) => `${change.surface} ${change.model} ${change.from}→${change.to}`).sort()).toEqual(['model gpt-4o-mini x→y', 'web-search gpt-4o a→b']);
  });

  it('orders runs by slot whatever order the rows come in, and sees a change back as a change', () => {
    const changes = modelChanges([count(3, 'a'), count(1, 'a'), count(2, 'b')]);
    expect(changes.map((change) => [change.runId, change.from, change.to])).toEqual([
      ['run-2', 'a', 'b'],
      ['run-3', 'b', 'a'],
    ]);
  });
});

describe('series segments', () => {
  const points = [1, 2, 3, 4, 5].map((n) => ({ slotStart: day(n), visibility: n * 10 }));

  it('numbers each point with the stretch it is on: the changed run opens the next one', () => {
    const segmented = withSegments(points, [{ slotStart: day(3) }, { slotStart: day(5) }]);
    expect(segmented.map((point) => point.segment)).toEqual([0, 0, 1, 1, 2]);
    expect(segmented[2]).toMatchObject({ visibility: 30 });
  });

  it('is one segment without changes, and counts two models changing in one run once', () => {
    expect(withSegments(points, []).map((point) => point.segment)).toEqual([0, 0, 0, 0, 0]);
    expect(withSegments(points, [{ slotStart: day(2) }, { slotStart: day(2) }]).map((point) => point.segment)).toEqual([0, 1, 1, 1, 1]);
  });
});

describe('surfaces', () => {
  it('tells a plain model, a model with web search and the AI Overview apart', () => {
    expect(answerSurface('openai', false)).toBe('model');
    expect(answerSurface('openai', true)).toBe('web-search');
    expect(answerSurface('perplexity', false)).toBe('web-search');
    expect(answerSurface('ai-overview', false)).toBe('ai-overview');
    expect(answerSurface('ai-overview', true)).toBe('ai-overview');
  });

  it('reads the AI Overview version from where SerpApi says Google served it', () => {
    expect(aiOverviewVersion({ search_parameters: { google_domain: 'google.de', device: 'mobile' } })).toBe('google.de/mobile');
    expect(aiOverviewVersion({ search_parameters: { google_domain: 'google.com' } })).toBe('google.com');
    expect(aiOverviewVersion({ search_metadata: { id: 'x' } })).toBeNull();
    expect(aiOverviewVersion('not json')).toBeNull();
  });
});
