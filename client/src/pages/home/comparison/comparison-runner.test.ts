import { describe, expect, it } from 'vitest';
import type { CompareRequest } from '../../../api/compare-contract.ts';
import type { CompareStreamHandlers } from '../../../api/compare-stream.ts';
import { streamInterrupted } from '../../../api/event-stream-exchange.ts';
import type { LiveFrame } from '../../../api/live-socket.ts';
import type { SearchRequest } from '../../../api/search-contract.ts';
import type { SearchStreamHandlers } from '../../../api/search-stream.ts';
import type { ActiveRequest } from '../../../streaming/active-request.ts';
import type { FrameScheduler } from '../../../streaming/text-batcher.ts';
import { createComparisonRunner } from './comparison-runner.ts';
import { comparisonReducer, initialComparisonState, totalCreditsUsed, type ComparisonState } from './comparison-state.ts';

/** Frames run at once: the tests are about what reaches the state, not about timing. */
const immediateFrames: FrameScheduler = {
  request: (callback) => {
    queueMicrotask(callback);
    return 0;
  },
  cancel: () => undefined,
};

const gpt = { engine: 'openai', model: 'gpt-4o-mini' };
const llama = { engine: 'groq', model: 'llama-3.1-8b-instant' };
const request: CompareRequest = { query: 'Q', models: [gpt, llama], searchEnabled: true, brandMonitoringEnabled: false };
const ids = (pair: typeof gpt) => ({ requestId: 'request-1', runId: `run-${pair.engine}`, ...pair });
const success = (pair: typeof gpt, response: string, creditsUsed: number) => ({
  ...pair,
  runId: `run-${pair.engine}`,
  success: true,
  response,
  error: null,
  errorCode: null,
  retryable: null,
  creditsUsed,
  timeToFirstTokenMs: 100,
  durationMs: 500,
  sources: [],
});

interface Follow {
  requestId: string;
  afterSeq: number;
  onFrame(frame: LiveFrame): void;
  onDone(reason: { error?: string }): void;
  stopped: boolean;
}

function harness() {
  let state: ComparisonState = initialComparisonState;
  const streams: { request: CompareRequest; handlers: CompareStreamHandlers; signal: AbortSignal | undefined }[] = [];
  const searches: { request: SearchRequest; handlers: SearchStreamHandlers }[] = [];
  const follows: Follow[] = [];
  const remembered: ActiveRequest[] = [];
  const forgotten: string[] = [];
  const refreshes: number[] = [];
  const runner = createComparisonRunner({
    dispatch: (action) => (state = comparisonReducer(state, action)),
    streamCompare: async (sent, handlers, signal) => void streams.push({ request: sent, handlers, signal }),
    streamSearch: async (sent, handlers) => void searches.push({ request: sent, handlers }),
    follow(requestId, afterSeq, handlers) {
      const follow: Follow = { requestId, afterSeq, ...handlers, stopped: false };
      follows.push(follow);
      return () => {
        follow.stopped = true;
      };
    },
    remember: (active) => remembered.push(active),
    forget: (requestId) => forgotten.push(requestId),
    afterRequest: (delay) => refreshes.push(delay),
    scheduler: immediateFrames,
  });
  return { runner, state: () => state, streams, searches, follows, remembered, forgotten, refreshes };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createComparisonRunner', () => {
  it('streams a comparison into its columns, remembers it while it runs, and refreshes credits 2 s after the end', async () => {
    const test = harness();
    test.runner.compare(request);
    const [stream] = test.streams;
    stream!.handlers.onEvent({ type: 'model_start', ...ids(gpt) }, 1);
    stream!.handlers.onEvent({ type: 'model_chunk', ...ids(gpt), content: 'Hel' }, 2);
    stream!.handlers.onEvent({ type: 'model_chunk', ...ids(gpt), content: 'lo' }, 3);
    await settle();
    expect(test.state().columns[0]).toMatchObject({ phase: 'streaming', text: 'Hello' });
    expect(test.remembered).toEqual([{ requestId: 'request-1', mode: 'comparison', query: 'Q', models: [gpt, llama], startedAt: expect.any(String) }]);

    stream!.handlers.onEvent({ type: 'model_complete', ...ids(gpt), result: success(gpt, 'Hello.', 6) }, 4);
    stream!.handlers.onEvent({ type: 'model_complete', ...ids(llama), result: success(llama, 'Hi.', 2) }, 5);
    expect(test.refreshes).toEqual([]);
    stream!.handlers.onEvent({ type: 'all_complete', requestId: 'request-1', totalCreditsUsed: 8, results: [] }, null);
    expect(test.state().status).toBe('finished');
    expect(totalCreditsUsed(test.state())).toBe(8);
    expect(test.forgotten).toEqual(['request-1']);
    expect(test.refreshes).toEqual([2000]);
  });

  it('carries on over the live socket from the last event seen when the stream drops', async () => {
    const test = harness();
    test.runner.compare(request);
    const [stream] = test.streams;
    stream!.handlers.onEvent({ type: 'model_start', ...ids(gpt) }, 1);
    stream!.handlers.onEvent({ type: 'model_chunk', ...ids(gpt), content: 'Par' }, 2);
    stream!.handlers.onError(streamInterrupted);

    expect(test.follows).toHaveLength(1);
    expect(test.follows[0]).toMatchObject({ requestId: 'request-1', afterSeq: 2 });
    expect(test.state().status).toBe('loading');
    test.follows[0]!.onFrame({ requestId: 'request-1', seq: 3, event: 'model_chunk', data: { ...ids(gpt), content: 'tial' } });
    await settle();
    expect(test.state().columns[0]!.text).toBe('Partial');

    test.follows[0]!.onFrame({ requestId: 'request-1', seq: null, event: 'all_complete', data: { requestId: 'request-1', totalCreditsUsed: 0, results: [] } });
    expect(test.state().status).toBe('finished');
    expect(test.follows[0]!.stopped).toBe(true);
    // The socket's own `request_finished` afterwards changes nothing.
    test.follows[0]!.onDone({});
    expect(test.state().error).toBeNull();
  });

  it('shows a refusal before any model started as the error, without following anything', () => {
    const test = harness();
    test.runner.compare(request);
    test.streams[0]!.handlers.onError({ message: 'Insufficient credits. Please add more credits to continue.', code: 'INSUFFICIENT_CREDITS', retryable: false });
    expect(test.state()).toMatchObject({ status: 'finished', columns: [], error: { code: 'INSUFFICIENT_CREDITS' } });
    expect(test.follows).toEqual([]);
  });

  it('resumes a comparison after a reload from the start, and ends it on a live error', async () => {
    const test = harness();
    test.runner.resume({ requestId: 'request-1', mode: 'comparison', query: 'Q', models: [gpt, llama], startedAt: new Date().toISOString() });
    expect(test.follows[0]).toMatchObject({ requestId: 'request-1', afterSeq: 0 });
    expect(test.state().columns.map((column) => column.phase)).toEqual(['waiting', 'waiting']);

    test.follows[0]!.onFrame({ requestId: 'request-1', seq: 1, event: 'model_start', data: ids(gpt) });
    test.follows[0]!.onFrame({ requestId: 'request-1', seq: 2, event: 'model_chunk', data: { ...ids(gpt), content: 'Replayed' } });
    test.follows[0]!.onFrame({ requestId: 'request-1', seq: null, event: 'error', data: { message: '', code: 'SERVER_RESTARTING', retryable: true } });
    await settle();
    expect(test.state().error).toEqual({ message: 'An error occurred during comparison', code: 'SERVER_RESTARTING', retryable: true });
    expect(test.state().columns[0]).toMatchObject({ phase: 'error', text: 'Replayed' });
    expect(test.forgotten).toEqual(['request-1']);
  });

  it('retries one column with the comparison’s question and settings, then refreshes credits', async () => {
    const test = harness();
    test.runner.compare(request);
    const [stream] = test.streams;
    stream!.handlers.onEvent({ type: 'model_start', ...ids(llama) }, 1);
    stream!.handlers.onEvent(
      { type: 'model_complete', ...ids(llama), result: { ...success(llama, '', 0), success: false, response: null, error: 'Busy', retryable: true } },
      2,
    );
    stream!.handlers.onEvent({ type: 'all_complete', requestId: 'request-1', totalCreditsUsed: 0, results: [] }, null);

    test.runner.retryColumn(llama);
    expect(test.searches[0]!.request).toEqual({ query: 'Q', model: 'groq', specificModel: 'llama-3.1-8b-instant', searchEnabled: true, brandMonitoringEnabled: false });
    const { handlers } = test.searches[0]!;
    handlers.onStart({ type: 'start', requestId: 'retry', runId: 'retry-run', engine: 'groq', model: 'llama-3.1-8b-instant' });
    handlers.onEnd({ type: 'end', requestId: 'retry', runId: 'retry-run', response: 'Now.', creditsUsed: 2, finishReason: 'stop', durationMs: 300 });
    expect(test.state().columns[1]).toMatchObject({ phase: 'done', text: 'Now.' });
    expect(test.refreshes).toEqual([2000, 0]);
  });

  it('ignores a stream it has abandoned', async () => {
    const test = harness();
    test.runner.compare(request);
    const [first] = test.streams;
    test.runner.compare({ ...request, query: 'Another' });
    expect(first!.signal?.aborted).toBe(true);
    first!.handlers.onEvent({ type: 'model_start', ...ids(gpt) }, 1);
    first!.handlers.onError(streamInterrupted);
    expect(test.state()).toMatchObject({ status: 'loading', requestId: null, error: null });
    expect(test.follows).toEqual([]);
  });
});
