import type { RedisClient } from '../redis/index.ts';
import type { RunEvent } from './run-event.ts';
import { requestEventKeys } from './request-event-keys.ts';
import { parseRunEvent } from './request-event-writer.ts';

/** Reads the replayable record of a request's events, oldest first, skipping those at or before `afterSeq`. */
export async function readRequestEvents(
  redis: RedisClient,
  keyPrefix: string,
  requestId: string,
  afterSeq = 0,
): Promise<RunEvent[]> {
  return eventsAfter(await redis.xrange(requestEventKeys(keyPrefix, requestId).stream, '-', '+'), afterSeq);
}

/** The run events held in stream entries (one `event` field each), those after `afterSeq` only. */
function eventsAfter(entries: [id: string, fields: string[]][], afterSeq: number): RunEvent[] {
  const events: RunEvent[] = [];
  for (const [, fields] of entries) {
    const payload = fields[1];
    if (payload === undefined) continue;
    const event = parseRunEvent(payload);
    if (event.seq > afterSeq) events.push(event);
  }
  return events;
}

/** Events read from Redis at once while replaying: a resume holds at most one page, however long the answer. */
export const REPLAY_PAGE_SIZE = 64;

/**
 * The same record as `readRequestEvents`, a page at a time: the next page is read only when the caller asks for it,
 * so a reader who takes nothing (its socket full) keeps one page in memory rather than the whole replay.
 */
export async function* readRequestEventPages(
  redis: RedisClient,
  keyPrefix: string,
  requestId: string,
  afterSeq = 0,
  pageSize = REPLAY_PAGE_SIZE,
): AsyncGenerator<RunEvent[]> {
  const key = requestEventKeys(keyPrefix, requestId).stream;
  let start = '-';
  for (;;) {
    const entries = await redis.xrange(key, start, '+', 'COUNT', pageSize);
    const events = eventsAfter(entries, afterSeq);
    if (events.length > 0) yield events;
    if (entries.length < pageSize) return;
    start = `(${entries.at(-1)![0]}`;
  }
}
