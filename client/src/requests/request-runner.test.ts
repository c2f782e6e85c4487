import { describe, expect, it } from 'vitest';
import type { ModelResult } from '../../../contract/model-result.ts';
import type { FollowRequestOptions } from './follow-request.ts';
import { createRequestRunner, type RequestRunnerDeps } from './request-runner.ts';
import type { RequestAction } from './request-state.ts';
import type { WatchedRequest } from './watched-request.ts';

/** The runner with recording dependencies: each follow waits until the test names the request or ends it. */
function harness() {
  const actions: RequestAction[] = [];
  const stops: { requestId: string; runIds: readonly string[] | null }[] = [];
  const remembered: string[] = [];
  const rememberedRequests: WatchedRequest[] = [];
  const forgotten: (string | undefined)[] = [];
  const refreshed: string[] = [];
  const refusals: number[] = [];
  const follows: Omit<FollowRequestOptions, 'live'>[] = [];
  const deps: RequestRunnerDeps = {
    kind: 'single',
    dispatch: (action) => actions.push(action),
    follow: (options) => {
      follows.push(options);
      return new Promise<void>((resolve) => options.signal.addEventListener('abort', () => resolve(), { once: true }));
    },
    remember: (request) => {
      remembered.push(request.requestId);
      rememberedRequests.push(request);
    },
    forget: (requestId) => forgotten.push(requestId),
    stopRuns: async (requestId, runIds) => {
      stops.push({ requestId, runIds });
    },
    afterRequest: (kind) => refreshed.push(kind),
    afterRefusal: () => refusals.push(1),
  };
  return { runner: createRequestRunner(deps), actions, stops, remembered, rememberedRequests, forgotten, refreshed, refusals, follows };
}

const body = { query: 'How do tides work?', model: 'openai', specificModel: 'gpt-4o-mini' };

describe('clearing an answer', () => {
  it('stops a request the server had not named yet as soon as its id arrives, and shows nothing more of it', async () => {
    const { runner, actions, stops, remembered, refreshed, follows } = harness();
    runner.ask(body);
    const [followed] = follows;
    runner.clear([]);
    expect(stops).toEqual([]);
    expect(followed!.signal.aborted).toBe(false);
    const shown = actions.length;

    followed!.onRequestId?.('req-late');
    followed!.onUpdate({ type: 'run-started', requestId: 'req-late', runId: 'run-1', engine: 'openai', model: 'gpt-4o-mini' });
    await Promise.resolve();

    expect(stops).toEqual([{ requestId: 'req-late', runIds: null }]);
    expect(followed!.signal.aborted).toBe(true);
    expect(actions).toHaveLength(shown);
    expect(remembered).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refreshed).toEqual(['single']);
  });

  it('lets go of a named request without stopping it again, and a new question does not stop the old one', async () => {
    const { runner, stops, follows } = harness();
    runner.ask(body);
    follows[0]!.onRequestId?.('req-1');
    runner.clear([]);
    expect(follows[0]!.signal.aborted).toBe(true);
    runner.ask(body);
    runner.ask(body);
    expect(follows[1]!.signal.aborted).toBe(true);
    follows[1]!.onRequestId?.('req-2');
    await Promise.resolve();
    expect(stops).toEqual([]);
  });
});

describe('regenerating', () => {
  const column = { engine: 'openai', model: 'gpt-4o-mini', requestId: 'req-1', runId: 'run-1', attempt: 0, phase: 'done' as const, text: 'A', sources: [], result: null, stopping: false, earlier: [] };

  it('asks a single answer again as a version of the same request, keeping the question and its settings', () => {
    const { runner, actions, follows } = harness();
    runner.ask({ ...body, searchEnabled: true });
    follows[0]!.onRequestId?.('req-1');
    runner.retry(column);
    expect(follows[1]!.start).toEqual({ body: { ...body, searchEnabled: true, retryOf: 'req-1' } });
    expect(actions.at(-1)).toEqual({ type: 'column-retried', key: 'openai\u0000gpt-4o-mini' });
    // The first answer's request is still followed: the regenerated one is another version beside it.
    expect(follows[0]!.signal.aborted).toBe(false);
  });

  it('regenerates a request put back from the history as a version of that request', () => {
    const { runner, actions, follows } = harness();
    runner.restore('req-old', body, []);
    expect(actions.at(-1)).toEqual({ type: 'restored', requestId: 'req-old', results: [] });
    runner.retry({ ...column, requestId: 'req-old' });
    expect(follows[0]!.start).toEqual({ body: { ...body, retryOf: 'req-old' } });
  });
});

describe('a regeneration after a reload', () => {
  const key = 'openai\u0000gpt-4o-mini';
  const result = { runId: 'run-1', engine: 'openai', model: 'gpt-4o-mini', success: true } as unknown as ModelResult;
  const column = { engine: 'openai', model: 'gpt-4o-mini', requestId: 'req-1', runId: 'run-1', attempt: 0, phase: 'done' as const, text: 'A', sources: [], result: null, stopping: false, earlier: [] };

  it('is remembered with its request while it streams, and forgotten only once it has ended too', () => {
    const { runner, follows, rememberedRequests, forgotten } = harness();
    runner.ask(body);
    follows[0]!.onRequestId?.('req-1');
    follows[0]!.onUpdate({ type: 'run-completed', result });
    follows[0]!.onUpdate({ type: 'request-finished', requestId: 'req-1', results: null });
    expect(forgotten).toEqual(['req-1']);
    runner.retry(column);
    follows[1]!.onRequestId?.('req-2');
    expect(rememberedRequests.at(-1)).toMatchObject({ requestId: 'req-1', regenerations: [{ column: key, requestId: 'req-2' }] });
    follows[1]!.onUpdate({ type: 'run-completed', result: { ...result, runId: 'run-2' } });
    follows[1]!.onUpdate({ type: 'request-finished', requestId: 'req-2', results: null });
    expect(forgotten).toEqual(['req-1', 'req-1']);
  });

  it('follows the request again, then each regeneration in its column once the answer before it is back', () => {
    const { runner, follows, actions, forgotten } = harness();
    const watched: WatchedRequest = {
      requestId: 'req-1',
      kind: 'single',
      query: body.query,
      models: [{ engine: 'openai', model: 'gpt-4o-mini' }],
      body,
      startedAt: new Date().toISOString(),
      regenerations: [
        { column: key, requestId: 'req-2' },
        { column: key, requestId: 'req-3' },
      ],
    };
    runner.resume(watched);
    expect(follows.map((follow) => follow.start)).toEqual([{ requestId: 'req-1', afterSeq: 0 }]);
    follows[0]!.onUpdate({ type: 'run-started', requestId: 'req-1', runId: 'run-1', engine: 'openai', model: 'gpt-4o-mini' });
    follows[0]!.onUpdate({ type: 'text-appended', runId: 'run-1', text: 'The first answer' });
    expect(follows).toHaveLength(1);
    follows[0]!.onUpdate({ type: 'run-completed', result });
    // The first answer is back: its column becomes the next version, which follows the first regeneration.
    expect(actions.at(-1)).toEqual({ type: 'column-retried', key });
    expect(follows[1]!.start).toEqual({ requestId: 'req-2', afterSeq: 0 });
    follows[0]!.onUpdate({ type: 'request-finished', requestId: 'req-1', results: null });
    expect(forgotten).toEqual([]);
    follows[1]!.onUpdate({ type: 'run-completed', result: { ...result, runId: 'run-2' } });
    follows[1]!.onUpdate({ type: 'request-finished', requestId: 'req-2', results: null });
    // The one still streaming when the page went away comes last, live.
    expect(follows[2]!.start).toEqual({ requestId: 'req-3', afterSeq: 0 });
    expect(forgotten).toEqual([]);
    follows[2]!.onUpdate({ type: 'run-completed', result: { ...result, runId: 'run-3' } });
    follows[2]!.onUpdate({ type: 'request-finished', requestId: 'req-3', results: null });
    expect(forgotten).toEqual(['req-1']);
    expect(actions.filter((action) => action.type === 'column-retried')).toHaveLength(2);
  });
});

describe('a refusal before the request existed', () => {
  it('reads the credits again after a tier refusal (the session may have ended), and refreshes nothing after others', () => {
    const { runner, follows, refreshed, refusals } = harness();
    runner.ask(body);
    follows[0]!.onUpdate({ type: 'request-failed', failure: { message: 'Register for free to unlock this feature.', code: 'FORBIDDEN', retryable: false } });
    expect(refusals).toEqual([1]);
    runner.ask(body);
    follows[1]!.onUpdate({ type: 'request-failed', failure: { message: 'Insufficient credits.', code: 'INSUFFICIENT_CREDITS', retryable: false } });
    expect(refusals).toEqual([1]);
    expect(refreshed).toEqual([]);
  });
});
