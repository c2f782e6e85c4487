import type { RedisClient } from '../../core/redis/index.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseRunEvent, readRequestEventPages } from '../../core/events/index.ts';
import type { RunEvent } from '../../core/events/index.ts';
import { markStage } from '../../core/tracing/index.ts';
import { isInfrastructureUnavailable } from '../../core/errors/index.ts';
import { RedisUnreachableError } from './channel-hub.ts';
import type { RequestEventHub } from './request-event-hub.ts';

const RETRY_READ_MS = 100;
/**
 * Live events kept for a reader that has not taken them yet. Past this the reader is far behind (its socket is full):
 * they are dropped and read again from the record, a page at a time as its socket takes them, so a reader that stops
 * reading costs a bounded amount of memory instead of every event of the answer until it is disconnected.
 */
const MAX_PENDING_LIVE_EVENTS = 64;
/**
 * A follower that has heard nothing for this long reads the record once more, then waits twice as long before the
 * next such read, up to the cap. Pub/sub can lose a message without the connection saying so: on a cluster a
 * failover moves a shard, and the client re-sends its SSUBSCRIBE on its own schedule, so an event published before
 * the new master confirmed it is never heard. A lost chunk is noticed at the next one (a hole in `seq`), but a lost
 * last event has nothing after it: without this read the stream would wait for it for ever.
 */
const QUIET_REREAD_FIRST_MS = 2_000;
const QUIET_REREAD_MOST_MS = 16_000;

export interface FollowRequestEventsOptions {
  hub: RequestEventHub;
  redis: RedisClient;
  keyPrefix: string;
  requestId: string;
  /** Resume after this `seq` (a reconnecting browser's Last-Event-ID); 0 replays everything. */
  afterSeq?: number;
  signal: AbortSignal;
  /** How long a quiet follower waits before it first reads the record again (tests shorten it). */
  quietRereadMs?: number;
}

/**
 * Every event of a request, in `seq` order, each exactly once: subscribe first, then replay the stream, then go
 * live, dropping anything already delivered. Pub/sub may drop messages (a subscriber reconnect); a gap in `seq`
 * is filled from the stream, so the stream stays the record and pub/sub only makes delivery fast.
 */
export async function* followRequestEvents(options: FollowRequestEventsOptions): AsyncGenerator<RunEvent> {
  const { hub, redis, keyPrefix, requestId, signal } = options;
  const pending: RunEvent[] = [];
  let wake: (() => void) | undefined;
  // After a lost connection (or too many live events waiting), what was published is read again from the stream.
  let reread = false;
  const unsubscribe = await hub.subscribe(requestId, (payload) => {
    if (pending.length >= MAX_PENDING_LIVE_EVENTS) {
      pending.length = 0;
      reread = true;
    }
    pending.push(parseRunEvent(payload));
    wake?.();
  });
  const stage = hub.trackFollower(requestId);
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort);
  const stopHearingReconnects = hub.onReconnect(() => {
    reread = true;
    wake?.();
  });
  // Redis gone for good (not a restart): end with an error, which the browser is told it can retry.
  let gone = false;
  const stopHearingOutages = hub.onGone(() => {
    gone = true;
    wake?.();
  });

  // Around a Redis restart the subscriber can be back (and hearing events) a moment before the connection that
  // reads the stream; a read that finds Redis unreachable waits for it rather than ending the stream, until the hub
  // gives up on Redis (then the stream ends with a retryable error, as for any outage).
  // The record is read a page at a time, each page only once the one before has been taken by the browser's socket.
  async function* readRecord(afterSeq: number): AsyncGenerator<RunEvent> {
    const pages = readRequestEventPages(redis, keyPrefix, requestId, afterSeq);
    for (;;) {
      let page: IteratorResult<RunEvent[]>;
      try {
        stage.enter('reading the record after {seq}', afterSeq);
        page = await pages.next();
      } catch (error) {
        if (gone || signal.aborted || !isInfrastructureUnavailable(error)) throw error;
        stage.enter(`waiting to read the record again after {seq} (${String(error).slice(0, 60)})`, afterSeq);
        await sleep(RETRY_READ_MS);
        if (gone) throw new RedisUnreachableError();
        // Start again after what was already handed out.
        yield* readRecord(afterSeq);
        return;
      }
      if (page.done) return;
      for (const event of page.value) {
        afterSeq = event.seq;
        stage.enter('handing on {seq} from the record', event.seq);
        yield event;
      }
    }
  }

  let lastSeq = options.afterSeq ?? 0;
  const firstQuietRereadMs = options.quietRereadMs ?? QUIET_REREAD_FIRST_MS;
  let quietRereadMs = firstQuietRereadMs;
  // Where the follower stood when it last began to wait: anything delivered since starts the quiet reads afresh.
  let seqWhenLastQuiet = lastSeq;
  try {
    markStage('events-subscribed');
    for await (const event of readRecord(lastSeq)) {
      lastSeq = event.seq;
      yield event;
      if (signal.aborted) return;
    }
    markStage('events-replayed');
    while (!signal.aborted) {
      if (gone) throw new RedisUnreachableError();
      if (reread) {
        reread = false;
        for await (const missed of readRecord(lastSeq)) {
          lastSeq = missed.seq;
          yield missed;
          if (signal.aborted) return;
        }
      }
      let index = 0;
      while (index < pending.length) {
        const event = pending[index++]!;
        if (event.seq <= lastSeq) continue;
        if (event.seq > lastSeq + 1) {
          // A hole: fetch what pub/sub lost, then carry on with what it did deliver.
          for await (const missed of readRecord(lastSeq)) {
            if (missed.seq >= event.seq) break;
            lastSeq = missed.seq;
            yield missed;
          }
        }
        lastSeq = event.seq;
        stage.enter('handing on {seq} heard live', event.seq);
        yield event;
        if (signal.aborted) return;
      }
      pending.splice(0, index);
      if (pending.length === 0 && !signal.aborted && !reread && !gone) {
        if (lastSeq !== seqWhenLastQuiet) quietRereadMs = firstQuietRereadMs;
        seqWhenLastQuiet = lastSeq;
        let quietTimer: NodeJS.Timeout | undefined;
        stage.enter(`waiting for events after {seq} (reading the record in ${quietRereadMs} ms)`, lastSeq);
        await new Promise<void>((resolve) => {
          wake = resolve;
          quietTimer = setTimeout(() => {
            reread = true;
            quietRereadMs = Math.min(quietRereadMs * 2, QUIET_REREAD_MOST_MS);
            resolve();
          }, quietRereadMs);
        });
        clearTimeout(quietTimer);
        wake = undefined;
      }
    }
  } finally {
    stage.end();
    signal.removeEventListener('abort', onAbort);
    stopHearingReconnects();
    stopHearingOutages();
    await unsubscribe();
  }
}

