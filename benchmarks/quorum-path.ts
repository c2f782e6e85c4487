import { COMPARISON_MODELS, SINGLE_MODEL } from './benchmark-plan.ts';
import { describeError, type BenchmarkPath, type ComparisonPath } from './benchmark-path.ts';
import type { FundedUsers } from './funded-users.ts';
import { readServerSentEvents } from './read-server-sent-events.ts';
import type { ReceivedChunks } from './stream-outcome.ts';

/** What is open on Quorum right now, as the client sees it. */
export class InFlightRequests {
  /** Comparisons sent whose response has not ended: the server's open event streams. */
  comparisons = 0;
  /** Model streams between model_start (the worker has taken the run) and model_complete: answers being streamed. */
  modelStreams = 0;
}

/** The text length of a `chunk` event, to pair a coalesced chunk with the provider chunks it carries. */
function contentLength(data: string): number {
  const { content } = JSON.parse(data) as { content?: unknown };
  return typeof content === 'string' ? content.length : 0;
}

/** With several server processes, requests go to each in turn, as a load balancer would send them. */
function roundRobin(baseUrls: readonly string[]): () => string {
  let next = 0;
  return () => baseUrls[next++ % baseUrls.length]!;
}

function headers(users: FundedUsers): Record<string, string> {
  return { 'content-type': 'application/json', accept: 'text/event-stream', cookie: users.nextCookie() };
}

/** Why Quorum answered with something other than an event stream. */
async function refusal(response: Response): Promise<string | undefined> {
  const contentType = response.headers.get('content-type') ?? '';
  if (response.status === 200 && response.body !== null && contentType.startsWith('text/event-stream')) return undefined;
  return `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`;
}

/**
 * Through Quorum, as the browser does it, signed in as a funded user: `POST /api/search/stream`, then start,
 * chunk…, end (or error) as server-sent events. The answer travels server → queue → worker → simulator and back
 * through Redis.
 */
export function quorumPath(baseUrls: readonly string[], users: FundedUsers): BenchmarkPath {
  const nextServer = roundRobin(baseUrls);
  return {
    name: 'quorum',
    async receiveChunks(prompt, signal) {
      const arrivals: number[] = [];
      const characters: number[] = [];
      try {
        const response = await fetch(`${nextServer()}/api/search/stream`, {
          method: 'POST',
          headers: headers(users),
          body: JSON.stringify({ model: SINGLE_MODEL.engine, specificModel: SINGLE_MODEL.model, searchEnabled: false, query: prompt }),
          signal,
        });
        const refused = await refusal(response);
        if (refused !== undefined) return { arrivals, characters, failure: refused };
        const seen: { end: boolean; error: string | undefined } = { end: false, error: undefined };
        await readServerSentEvents(response.body!, (event, receivedAt) => {
          if (event.event === 'chunk') {
            arrivals.push(receivedAt);
            characters.push(contentLength(event.data));
          }
          else if (event.event === 'end') seen.end = true;
          else if (event.event === 'error') {
            const data = JSON.parse(event.data) as { code?: unknown };
            seen.error ??= `error event ${String(data.code)}`;
          }
        });
        if (seen.error !== undefined) return { arrivals, characters, failure: seen.error };
        if (!seen.end) return { arrivals, characters, failure: 'the stream ended without an end event' };
        return { arrivals, characters, failure: undefined };
      } catch (error) {
        return { arrivals, characters, failure: describeError(error) };
      }
    },
  };
}

interface ComparisonEventData {
  engine?: string;
  content?: unknown;
  code?: unknown;
  result?: { success?: boolean; errorCode?: unknown; error?: unknown };
}

/**
 * A comparison through Quorum: `POST /api/compare/stream` with the three models, then model_start, model_chunk…,
 * model_complete per model (interleaved), then all_complete. Each event names its `engine`, and each engine occurs
 * once per comparison, so that is how chunks are sorted to their model. A model counts as received properly only
 * when its model_complete says success and the comparison ended with all_complete.
 */
export function quorumComparisonPath(baseUrls: readonly string[], users: FundedUsers, inFlight: InFlightRequests): ComparisonPath {
  const nextServer = roundRobin(baseUrls);
  return {
    name: 'quorum',
    async receiveComparison(prompt, signal) {
      const models = COMPARISON_MODELS.map(() => ({ arrivals: [] as number[], characters: [] as number[], started: false, complete: false, failure: undefined as string | undefined }));
      const running = () => models.filter(({ started, complete }) => started && !complete).length;
      const indexOf = new Map(COMPARISON_MODELS.map(({ engine }, index) => [engine as string, index]));
      const everyModel = (failure: string): ReceivedChunks[] => models.map(({ arrivals, characters }) => ({ arrivals, characters, failure }));
      inFlight.comparisons += 1;
      try {
        const response = await fetch(`${nextServer()}/api/compare/stream`, {
          method: 'POST',
          headers: headers(users),
          body: JSON.stringify({ query: prompt, models: COMPARISON_MODELS }),
          signal,
        });
        const refused = await refusal(response);
        if (refused !== undefined) return everyModel(refused);
        const seen: { allComplete: boolean; error: string | undefined } = { allComplete: false, error: undefined };
        await readServerSentEvents(response.body!, (event, receivedAt) => {
          if (event.event === 'all_complete') {
            seen.allComplete = true;
            return;
          }
          const data = JSON.parse(event.data) as ComparisonEventData;
          if (event.event === 'error') {
            seen.error ??= `error event ${String(data.code)}`;
            return;
          }
          const model = models[indexOf.get(data.engine ?? '') ?? -1];
          if (model === undefined) return;
          if (event.event === 'model_chunk') {
            model.arrivals.push(receivedAt);
            model.characters.push(typeof data.content === 'string' ? data.content.length : 0);
          }
          else if (event.event === 'model_start' && !model.started && !model.complete) {
            model.started = true;
            inFlight.modelStreams += 1;
          } else if (event.event === 'model_complete') {
            if (model.started && !model.complete) inFlight.modelStreams -= 1;
            model.complete = true;
            if (data.result?.success !== true) model.failure ??= `model failed: ${String(data.result?.errorCode ?? data.result?.error)}`;
          }
        });
        if (seen.error !== undefined) return everyModel(seen.error);
        return models.map(({ arrivals, characters, complete, failure }) => ({
          arrivals,
          characters,
          failure:
            failure ??
            (!complete
              ? 'the comparison ended without model_complete for this model'
              : !seen.allComplete
                ? 'the comparison ended without all_complete'
                : undefined),
        }));
      } catch (error) {
        return everyModel(describeError(error));
      } finally {
        inFlight.comparisons -= 1;
        inFlight.modelStreams -= running();
      }
    },
  };
}
