import type { Redis } from 'ioredis';
import type { RunEvent } from './run-event.ts';
import { requestEventKeys } from './request-event-keys.ts';
import { parseRunEvent } from './request-event-writer.ts';

/** Reads the replayable record of a request's events, oldest first, skipping those at or before `afterSeq`. */
export async function readRequestEvents(
  redis: Redis,
  keyPrefix: string,
  requestId: string,
  afterSeq = 0,
): Promise<RunEvent[]> {
  const entries = await redis.xrange(requestEventKeys(keyPrefix, requestId).stream, '-', '+');
  const events: RunEvent[] = [];
  for (const [, fields] of entries) {
    const payload = fields[1];
    if (payload === undefined) continue;
    const event = parseRunEvent(payload);
    if (event.seq > afterSeq) events.push(event);
  }
  return events;
}
