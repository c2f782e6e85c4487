import { describe, expect, it } from 'vitest';
import type { ComparisonResult, ModelPair } from '../../../api/compare-contract.ts';
import type { CompareProgressEvent } from '../../../api/compare-stream.ts';
import {
  comparisonReducer,
  initialComparisonState,
  totalCreditsUsed,
  type ComparisonAction,
  type ComparisonState,
} from './comparison-state.ts';

const gpt: ModelPair = { engine: 'openai', model: 'gpt-4o' };
const claude: ModelPair = { engine: 'anthropic', model: 'claude-sonnet-4-20250514' };
const gemini: ModelPair = { engine: 'gemini', model: 'gemini-2.5-flash' };
const requestId = 'request-1';

const base = (model: ModelPair) => ({ requestId, runId: `run-${model.engine}`, ...model });
const start = (model: ModelPair): CompareProgressEvent => ({ type: 'model_start', ...base(model) });
const chunk = (model: ModelPair, content: string): CompareProgressEvent => ({ type: 'model_chunk', ...base(model), content });

function result(model: ModelPair, fields: Partial<ComparisonResult>): ComparisonResult {
  return {
    ...model,
    runId: `run-${model.engine}`,
    success: true,
    response: null,
    error: null,
    errorCode: null,
    retryable: null,
    creditsUsed: 0,
    timeToFirstTokenMs: null,
    durationMs: null,
    sources: [],
    ...fields,
  };
}
const completed = (model: ModelPair, fields: Partial<ComparisonResult>): CompareProgressEvent => ({
  type: 'model_complete',
  ...base(model),
  result: result(model, fields),
});
const allComplete = (results: ComparisonResult[]): CompareProgressEvent => ({
  type: 'all_complete',
  requestId,
  totalCreditsUsed: results.reduce((sum, entry) => sum + entry.creditsUsed, 0),
  results,
});

function run(actions: readonly ComparisonAction[], from: ComparisonState = initialComparisonState): ComparisonState {
  return actions.reduce(comparisonReducer, from);
}
const events = (...list: CompareProgressEvent[]): ComparisonAction[] => list.map((event) => ({ type: 'event', event }));
const column = (state: ComparisonState, model: ModelPair) => state.columns.find((entry) => entry.engine === model.engine)!;

describe('comparisonReducer', () => {
  it('starts loading with one waiting column per model, resetting results, text and error', () => {
    const previous = run([{ type: 'started', models: [gpt] }, { type: 'failed', failure: { message: 'x', code: 'x', retryable: false } }]);
    const state = comparisonReducer(previous, { type: 'started', models: [gpt, claude, gemini] });
    expect(state.status).toBe('loading');
    expect(state.error).toBeNull();
    expect(state.requestId).toBeNull();
    expect(state.columns.map((entry) => [entry.model, entry.phase, entry.text])).toEqual([
      ['gpt-4o', 'waiting', ''],
      ['claude-sonnet-4-20250514', 'waiting', ''],
      ['gemini-2.5-flash', 'waiting', ''],
    ]);
    expect(totalCreditsUsed(state)).toBe(0);
  });

  it('lets each column move at its own pace: one done while another still streams and a third waits', () => {
    const state = run([
      { type: 'started', models: [gpt, claude, gemini] },
      ...events(start(gpt), start(claude), start(gemini), chunk(gpt, 'Fast '), chunk(claude, 'Slow '), chunk(gpt, 'answer'),
        completed(gpt, { response: 'Fast answer.', creditsUsed: 12, timeToFirstTokenMs: 300, durationMs: 900 })),
    ]);
    expect(state.requestId).toBe(requestId);
    expect(column(state, gpt)).toMatchObject({ phase: 'done', text: 'Fast answer.', runId: 'run-openai' });
    expect(column(state, claude)).toMatchObject({ phase: 'streaming', text: 'Slow ' });
    expect(column(state, gemini)).toMatchObject({ phase: 'waiting', text: '' });
    expect(state.status).toBe('loading');
    expect(totalCreditsUsed(state)).toBe(12);
  });

  it('keeps a failed model’s partial text and error without disturbing the others', () => {
    const failure = { success: false, error: 'The provider refused the request', errorCode: 'PROVIDER_REJECTED', retryable: false };
    const state = run([
      { type: 'started', models: [gpt, gemini] },
      ...events(start(gpt), start(gemini), chunk(gemini, 'Half'), completed(gemini, failure), chunk(gpt, 'Still going')),
    ]);
    expect(column(state, gemini)).toMatchObject({ phase: 'error', text: 'Half', result: failure });
    expect(column(state, gpt)).toMatchObject({ phase: 'streaming', text: 'Still going' });
  });

  it('finishes on all_complete, settling any column whose completion was missed from the stored results', () => {
    const gptResult = result(gpt, { response: 'A', creditsUsed: 12 });
    const claudeResult = result(claude, { response: 'B', creditsUsed: 12 });
    const state = run([
      { type: 'started', models: [gpt, claude] },
      ...events(start(gpt), start(claude), completed(gpt, { response: 'A', creditsUsed: 12 }), chunk(claude, 'B, partly'), allComplete([gptResult, claudeResult])),
    ]);
    expect(state.status).toBe('finished');
    expect(column(state, claude)).toMatchObject({ phase: 'done', text: 'B' });
    expect(totalCreditsUsed(state)).toBe(24);
  });

  it('ignores late news for a column that has already ended, and everything after clearing', () => {
    const done = run([{ type: 'started', models: [gpt] }, ...events(start(gpt), completed(gpt, { response: 'Final', creditsUsed: 1 }), chunk(gpt, ' late'))]);
    expect(column(done, gpt).text).toBe('Final');

    const cleared = run([{ type: 'cleared' }, ...events(start(gpt), chunk(gpt, 'ghost'))], done);
    expect(cleared).toEqual(initialComparisonState);
  });

  it('on a failure before any model started, shows only the error; after, stops the open columns with it', () => {
    const failure = { message: 'Insufficient credits. Please add more credits to continue.', code: 'INSUFFICIENT_CREDITS', retryable: false };
    const refused = run([{ type: 'started', models: [gpt, claude] }, { type: 'failed', failure }]);
    expect(refused).toMatchObject({ status: 'finished', columns: [], error: failure });

    const restarting = { message: 'The server is restarting.', code: 'SERVER_RESTARTING', retryable: true };
    const cut = run([
      { type: 'started', models: [gpt, claude] },
      ...events(start(gpt), start(claude), completed(gpt, { response: 'Done', creditsUsed: 12 })),
      { type: 'failed', failure: restarting },
    ]);
    expect(cut.status).toBe('finished');
    expect(column(cut, gpt).phase).toBe('done');
    expect(column(cut, claude)).toMatchObject({ phase: 'error', result: { error: 'The server is restarting.', retryable: true, creditsUsed: 0 } });
  });

  it('rebuilds a resumed comparison from the replayed events, adding a column for a model it did not know', () => {
    const state = run([
      { type: 'resumed', requestId, models: [gpt] },
      ...events(start(gpt), start(claude), chunk(gpt, 'Re'), chunk(gpt, 'played'), chunk(claude, 'Too')),
    ]);
    expect(state.requestId).toBe(requestId);
    expect(state.columns.map((entry) => [entry.model, entry.text])).toEqual([
      ['gpt-4o', 'Replayed'],
      ['claude-sonnet-4-20250514', 'Too'],
    ]);
  });

  it('retries one finished column on its own: it waits again and its new result counts', () => {
    const finished = run([
      { type: 'started', models: [gpt, gemini] },
      ...events(start(gpt), start(gemini), completed(gpt, { response: 'A', creditsUsed: 12 }),
        completed(gemini, { success: false, error: 'Busy', retryable: true })),
      ...events(allComplete([result(gpt, { response: 'A', creditsUsed: 12 }), result(gemini, { success: false, error: 'Busy' })])),
    ]);
    const retried = comparisonReducer(finished, { type: 'column-retried', column: gemini });
    expect(column(retried, gemini)).toMatchObject({ phase: 'waiting', text: '', result: null });
    expect(column(retried, gpt).phase).toBe('done');

    const answered = run(
      events({ type: 'model_start', ...base(gemini), runId: 'run-retry' }, chunk(gemini, 'Now'), completed(gemini, { response: 'Now it works', creditsUsed: 8 })),
      retried,
    );
    expect(answered.status).toBe('finished');
    expect(column(answered, gemini)).toMatchObject({ phase: 'done', text: 'Now it works', runId: 'run-gemini' });
    expect(answered.requestId).toBe(requestId);
    expect(totalCreditsUsed(answered)).toBe(20);
  });

  it('keeps the sources a model cites', () => {
    const sources = [{ url: 'https://example.com/a', title: 'A' }];
    const state = run([
      { type: 'started', models: [gpt] },
      ...events(start(gpt), { type: 'model_sources', ...base(gpt), sources }, completed(gpt, { response: 'Cited' })),
    ]);
    expect(column(state, gpt).sources).toEqual(sources);
  });
});
