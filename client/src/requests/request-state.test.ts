import { describe, expect, it } from 'vitest';
import type { ModelResult } from '../../../contract/model-result.ts';
import { columnKey, initialRequestState, requestReducer, totalCreditsUsed, type RequestAction, type RequestState, type UpdateScope } from './request-state.ts';
import type { RunUpdate } from './run-update.ts';

const gpt = { engine: 'openai', model: 'gpt-4o-mini' };
const haiku = { engine: 'anthropic', model: 'claude-3-5-haiku' };
const whole = { request: true } as const;

function resultFor(runId: string, model: typeof gpt, change: Partial<ModelResult> = {}): ModelResult {
  return {
    runId,
    ...model,
    success: true,
    response: 'Final.',
    error: null,
    errorCode: null,
    retryable: false,
    finishReason: 'stop',
    sources: [],
    creditsUsed: 6,
    durationMs: 800,
    timeToFirstTokenMs: 100,
    inputTokens: 5,
    outputTokens: 9,
    cachedTokens: null,
    reasoningTokens: null,
    brandMention: null,
    ...change,
  };
}

const update = (value: RunUpdate, scope: UpdateScope = whole): RequestAction => ({
  type: 'update',
  update: value,
  scope,
});

function run(actions: RequestAction[], from: RequestState = initialRequestState): RequestState {
  return actions.reduce(requestReducer, from);
}

const started = (runId: string, model: typeof gpt): RunUpdate => ({ type: 'run-started', requestId: 'req', runId, ...model });

describe('requestReducer', () => {
  it('keeps one column per model in the order asked, each at its own pace', () => {
    const state = run([
      { type: 'asked', models: [gpt, haiku] },
      update(started('h', haiku)),
      update(started('g', gpt)),
      update({ type: 'text-appended', runId: 'h', text: 'Half' }),
      update({ type: 'run-completed', result: resultFor('g', gpt) }),
    ]);
    expect(state.status).toBe('running');
    expect(state.requestId).toBe('req');
    expect(state.columns.map((column) => [column.model, column.phase, column.text])).toEqual([
      [gpt.model, 'done', 'Final.'],
      [haiku.model, 'streaming', 'Half'],
    ]);
    expect(totalCreditsUsed(state)).toBe(6);
  });

  it('adds sources without repeating one, and keeps them when the result names none', () => {
    const source = { url: 'https://a.example/', title: null };
    const state = run([
      { type: 'asked', models: [gpt] },
      update(started('g', gpt)),
      update({ type: 'sources-added', runId: 'g', sources: [source] }),
      update({ type: 'sources-added', runId: 'g', sources: [source, { url: 'https://b.example/', title: 'B' }] }),
    ]);
    expect(state.columns[0]!.sources.map((s) => s.url)).toEqual(['https://a.example/', 'https://b.example/']);
    const done = requestReducer(state, update({ type: 'run-completed', result: resultFor('g', gpt) }));
    expect(done.columns[0]!.sources).toHaveLength(2);
  });

  it('marks a stopped run Stopped, keeps its text, and never counts its credits', () => {
    const state = run([
      { type: 'asked', models: [gpt, haiku] },
      update(started('g', gpt)),
      update(started('h', haiku)),
      update({ type: 'text-appended', runId: 'h', text: 'So far' }),
      { type: 'stop-requested', keys: [columnKey(haiku)] },
    ]);
    expect(state.columns[1]!.stopping).toBe(true);
    const stopped = requestReducer(
      state,
      update({ type: 'run-failed', runId: 'h', failure: { message: 'Stopped.', code: 'CANCELLED', retryable: false }, result: resultFor('h', haiku, { success: false, errorCode: 'CANCELLED', creditsUsed: 3 }) }),
    );
    expect(stopped.columns[1]).toMatchObject({ phase: 'stopped', text: 'So far', stopping: false });
    expect(stopped.columns[1]!.result!.creditsUsed).toBe(0);
    expect(stopped.columns[0]!.phase).toBe('waiting');
    expect(totalCreditsUsed(stopped)).toBe(0);
  });

  it('builds a single answer’s failure from its column when the frame said only why', () => {
    const state = run([
      { type: 'asked', models: [gpt] },
      update(started('g', gpt)),
      update({ type: 'text-appended', runId: 'g', text: 'Part' }),
      update({ type: 'run-failed', runId: 'g', failure: { message: 'Busy', code: 'RATE_LIMIT_ERROR', retryable: true }, result: null }),
      update({ type: 'request-finished', requestId: 'req', results: null }),
    ]);
    expect(state.status).toBe('finished');
    expect(state.columns[0]).toMatchObject({ phase: 'error', text: 'Part', result: { ...gpt, runId: 'g', error: 'Busy', retryable: true, creditsUsed: 0 } });
  });

  it('shows only the error when the request was refused before any run started', () => {
    const state = run([{ type: 'asked', models: [gpt] }, update({ type: 'request-failed', failure: { message: 'No', code: 'X', retryable: false } })]);
    expect(state).toMatchObject({ status: 'finished', columns: [], error: { message: 'No' } });
  });

  it('fails the open columns when the stream breaks mid-answer, leaving finished ones alone', () => {
    const state = run([
      { type: 'asked', models: [gpt, haiku] },
      update(started('g', gpt)),
      update({ type: 'run-completed', result: resultFor('g', gpt) }),
      update({ type: 'request-failed', failure: { message: 'Streaming error', code: 'invalid_frame', retryable: false } }),
    ]);
    expect(state.columns.map((column) => column.phase)).toEqual(['done', 'error']);
    expect(state.error?.message).toBe('Streaming error');
  });

  it('settles columns whose news was missed from the summary at the end', () => {
    const state = run([
      { type: 'resumed', requestId: 'req', models: [gpt] },
      update({ type: 'request-finished', requestId: 'req', results: [resultFor('g', gpt)] }),
    ]);
    expect(state.columns[0]).toMatchObject({ phase: 'done', text: 'Final.' });
  });

  it('retries a failed column on its own, keeps the retry’s timings, and ignores late news of the old run', () => {
    const failedOnce = run([
      { type: 'asked', models: [gpt, haiku] },
      update(started('h', haiku)),
      update({ type: 'run-failed', runId: 'h', failure: { message: 'Busy', code: 'X', retryable: true }, result: null }),
      update(started('g', gpt)),
      update({ type: 'run-completed', result: resultFor('g', gpt) }),
      update({ type: 'request-finished', requestId: 'req', results: null }),
      { type: 'column-retried', key: columnKey(haiku) },
    ]);
    expect(failedOnce.columns[1]).toMatchObject({ phase: 'waiting', attempt: 1, runId: null, text: '' });
    const scope = { column: columnKey(haiku) };
    const retried = run(
      [
        update({ type: 'text-appended', runId: 'h', text: 'stale' }, scope),
        update({ type: 'run-started', requestId: 'req-2', runId: 'h2', ...haiku }, scope),
        update({ type: 'text-appended', runId: 'h2', text: 'New' }, scope),
        update({ type: 'run-completed', result: resultFor('h2', haiku, { timeToFirstTokenMs: 250, durationMs: 1_500 }) }, scope),
        update({ type: 'request-finished', requestId: 'req-2', results: null }, scope),
      ],
      failedOnce,
    );
    expect(retried.columns[1]).toMatchObject({ phase: 'done', requestId: 'req-2', result: { timeToFirstTokenMs: 250, durationMs: 1_500 } });
    expect(retried.status).toBe('finished');
    expect(totalCreditsUsed(retried)).toBe(12);
  });

  it('fails only the retried column when its own request is refused', () => {
    const state = run([
      { type: 'asked', models: [gpt, haiku] },
      update({ type: 'request-finished', requestId: 'req', results: [resultFor('g', gpt), resultFor('h', haiku, { success: false, retryable: true })] }),
      { type: 'column-retried', key: columnKey(haiku) },
      update({ type: 'request-failed', failure: { message: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS', retryable: false } }, { column: columnKey(haiku) }),
    ]);
    expect(state.columns.map((column) => column.phase)).toEqual(['done', 'error']);
    expect(state.columns[1]!.result!.error).toBe('Insufficient credits');
    expect(state.error).toBeNull();
  });

  it('forgets late news once cleared, and undoes a stop the server refused', () => {
    const asked = run([{ type: 'asked', models: [gpt] }, update(started('g', gpt)), { type: 'stop-requested', keys: [columnKey(gpt)] }]);
    expect(requestReducer(asked, { type: 'stop-failed', keys: [columnKey(gpt)] }).columns[0]!.stopping).toBe(false);
    const cleared = requestReducer(asked, { type: 'cleared' });
    expect(requestReducer(cleared, update({ type: 'text-appended', runId: 'g', text: 'late' }))).toBe(cleared);
  });
});

describe('versions of a column', () => {
  const result = (runId: string, success: boolean, errorCode: string | null = null) => ({
    runId,
    engine: 'openai',
    model: 'gpt-4o-mini',
    success,
    response: success ? `Answer ${runId}` : null,
    error: success ? null : 'Stopped.',
    errorCode,
    retryable: false,
    finishReason: null,
    sources: [],
    creditsUsed: success ? 6 : 0,
    timeToFirstTokenMs: null,
    durationMs: null,
    inputTokens: null,
    outputTokens: null,
    cachedTokens: null,
    reasoningTokens: null,
    brandMention: null,
  });

  it('keeps the earlier answer when a column is asked again, and counts both charges', () => {
    let state = requestReducer(initialRequestState, { type: 'asked', models: [{ engine: 'openai', model: 'gpt-4o-mini' }] });
    state = requestReducer(state, { type: 'update', scope: { request: true }, update: { type: 'run-completed', result: result('r1', true) } });
    state = requestReducer(state, { type: 'column-retried', key: columnKey({ engine: 'openai', model: 'gpt-4o-mini' }) });
    expect(state.columns[0]).toMatchObject({ phase: 'waiting', attempt: 1, text: '', earlier: [{ text: 'Answer r1', phase: 'done' }] });
    state = requestReducer(state, { type: 'update', scope: { column: columnKey(state.columns[0]!) }, update: { type: 'run-completed', result: result('r2', true) } });
    expect(totalCreditsUsed(state)).toBe(12);
  });

  it('puts a past request back finished, a stopped model as stopped, its other versions before it', () => {
    const standing = { ...result('r2', true), versions: [result('r1', true), result('r2', true), result('r3', false, 'CANCELLED')] };
    const state = requestReducer(initialRequestState, { type: 'restored', requestId: 'req', results: [standing, result('r4', false, 'CANCELLED')] });
    expect(state.status).toBe('finished');
    expect(state.columns.map((column) => column.phase)).toEqual(['done', 'stopped']);
    expect(state.columns[0]).toMatchObject({ requestId: 'req', runId: 'r2', text: 'Answer r2', earlier: [{ phase: 'done' }, { phase: 'stopped' }] });
    expect(totalCreditsUsed(state)).toBe(12);
  });
});
