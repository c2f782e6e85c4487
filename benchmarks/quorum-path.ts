import { SEARCH_BODY } from '../tests/support/search-stream-client.ts';
import { describeError, type BenchmarkPath } from './benchmark-path.ts';
import { readServerSentEvents } from './read-server-sent-events.ts';

/**
 * Through Quorum, as the browser does it: `POST /api/search/stream`, then start, chunk…, end (or error) as
 * server-sent events. The answer travels server → queue → worker → simulator and back through Redis.
 */
export function quorumPath(baseUrl: string): BenchmarkPath {
  return {
    name: 'quorum',
    async receiveChunks(prompt, signal) {
      const arrivals: number[] = [];
      try {
        const response = await fetch(`${baseUrl}/api/search/stream`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ ...SEARCH_BODY, query: prompt }),
          signal,
        });
        const contentType = response.headers.get('content-type') ?? '';
        if (response.status !== 200 || response.body === null || !contentType.startsWith('text/event-stream')) {
          return { arrivals, failure: `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}` };
        }
        const seen: { end: boolean; error: string | undefined } = { end: false, error: undefined };
        await readServerSentEvents(response.body, (event, receivedAt) => {
          if (event.event === 'chunk') arrivals.push(receivedAt);
          else if (event.event === 'end') seen.end = true;
          else if (event.event === 'error') {
            const data = JSON.parse(event.data) as { code?: unknown };
            seen.error ??= `error event ${String(data.code)}`;
          }
        });
        if (seen.error !== undefined) return { arrivals, failure: seen.error };
        if (!seen.end) return { arrivals, failure: 'the stream ended without an end event' };
        return { arrivals, failure: undefined };
      } catch (error) {
        return { arrivals, failure: describeError(error) };
      }
    },
  };
}
