import { isCluster, type RedisClient } from '../redis/index.ts';
import type { RunEvent, UnsequencedRunEvent } from './run-event.ts';
import { requestEventKeys } from './request-event-keys.ts';

/**
 * Appends an event to the request's stream and publishes it, atomically, in one round trip. The script hands out
 * `seq`, so stream order, publish order and `seq` always agree even with several writers (the worker answering,
 * a server declaring a dead worker's run failed). Once a run has emitted its terminal event, anything more for
 * that run is refused: a slow worker that lost its lease cannot append chunks after the error the user already saw.
 *
 * A request's first `seq` is Redis's clock in microseconds, and each later one adds 1. Redis may lose every key
 * (a restart without persistence); the next append then starts again from the clock, which has moved on by more
 * than the number of events written before (each took Redis at least a microsecond), so `seq` keeps rising across
 * the restart and a browser's `Last-Event-ID` stays a valid resume point. Only a clock stepped backwards breaks this.
 *
 * On a Redis Cluster the event goes out with SPUBLISH (sharded pub/sub): the channel shares the request's hash tag,
 * so only the master holding the request's keys (and its replicas) carries it. A plain PUBLISH would be copied to
 * every node of the cluster, which costs each of them CPU for every event of every answer (`npm run
 * bench:redis-events` measures it) and stops the cluster from scaling out.
 *
 * The keys' time to live is set when a request's first event creates them and renewed with every run's last
 * event, not with every chunk: an answer ends long before the TTL runs out, and three commands fewer per chunk is
 * a good part of what this script costs Redis.
 *
 * A worker streams a run's events without waiting for each answer, and numbers them (`position`, from 0). On one
 * Redis they arrive in the order sent. On a Redis Cluster that fails over mid-answer they need not: the client drops
 * its connection to the demoted master and retries what was in flight on it after a delay (ioredis's
 * `retryDelayOnFailover`), by which time later chunks have gone straight to the new master; and a command that ran
 * just before the connection closed can be sent again. The
 * script therefore stores a numbered event only when it is the run's next: one that overtook its predecessor is
 * sent back (EARLY) to be sent again once the predecessor is in, and one already stored is not stored twice
 * (REPEAT). `force` is for a sender that knows the predecessor was stored: when the record no longer holds the run
 * at all (Redis lost its keys, a restart without persistence), the event is stored as the run's next.
 *
 * A replica copies its master's writes a moment after answering them, so a master that is failed over can take
 * acknowledged events with it: the promoted replica holds the run's record up to some earlier position, with `seq`
 * wound back to match. A forced event beyond the next position of a run the record still holds says so (LOST): the
 * sender sends the missing ones again first, and since they draw the same `seq` as before, a follower that heard
 * them live drops them as repeats and one that did not reads them from the record.
 */
const APPEND_SCRIPT = `
local runId = ARGV[2]
if redis.call('SISMEMBER', KEYS[3], runId) == 1 then
  return 0
end
local position = tonumber(ARGV[8])
if position then
  local expected = tonumber(redis.call('HGET', KEYS[4], runId) or '0')
  if position < expected then
    return -2
  end
  if position > expected then
    if ARGV[9] ~= '1' then
      return -1
    end
    if redis.call('HEXISTS', KEYS[4], runId) == 1 then
      return -3
    end
  end
end
local seq = redis.call('INCR', KEYS[2])
local first = seq == 1
if first then
  local now = redis.call('TIME')
  seq = tonumber(now[1]) * 1000000 + tonumber(now[2])
  redis.call('SET', KEYS[2], string.format('%d', seq))
end
local payload = '{"seq":' .. string.format('%d', seq) .. ',' .. string.sub(ARGV[1], 2)
redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[5], '*', 'event', payload)
redis.call(ARGV[7], ARGV[3], payload)
if position and redis.call('HSET', KEYS[4], runId, position + 1) == 1 then
  redis.call('EXPIRE', KEYS[4], ARGV[4])
end
local terminal = ARGV[6] == '1'
if terminal then
  redis.call('SADD', KEYS[3], runId)
end
if first or terminal then
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  redis.call('EXPIRE', KEYS[2], ARGV[4])
  redis.call('EXPIRE', KEYS[3], ARGV[4])
  redis.call('EXPIRE', KEYS[4], ARGV[4])
end
return seq
`;

type RedisWithAppend = RedisClient & {
  appendRequestEvent(
    streamKey: string,
    sequenceKey: string,
    endedRunsKey: string,
    runPositionsKey: string,
    eventWithoutSeq: string,
    runId: string,
    channel: string,
    ttlSeconds: number,
    maxEvents: number,
    isTerminal: '0' | '1',
    publishCommand: 'PUBLISH' | 'SPUBLISH',
    position: string,
    force: '0' | '1',
  ): Promise<number>;
};

/** What became of a numbered event: stored, refused (its run had ended), early (its predecessor is not in yet), a
 * repeat of one already stored, or sent past events the record lost (a forced event beyond the run's next). */
export type OrderedAppendOutcome = 'stored' | 'refused' | 'early' | 'repeat' | 'lost';

const EARLY = -1;
const REPEAT = -2;
const LOST = -3;

export interface RequestEventWriterOptions {
  keyPrefix: string;
  streamTtlSeconds: number;
  streamMaxEvents: number;
}

export class RequestEventWriter {
  private readonly redis: RedisWithAppend;
  private readonly publishCommand: 'PUBLISH' | 'SPUBLISH';

  constructor(
    redis: RedisClient,
    private readonly options: RequestEventWriterOptions,
  ) {
    if (!('appendRequestEvent' in redis)) {
      redis.defineCommand('appendRequestEvent', { numberOfKeys: 4, lua: APPEND_SCRIPT });
    }
    this.redis = redis as RedisWithAppend;
    this.publishCommand = isCluster(redis) ? 'SPUBLISH' : 'PUBLISH';
  }

  /** The connection and prefix events go out on, for callers that publish their own messages (account events). */
  get connection(): RedisClient {
    return this.redis;
  }

  get keyPrefix(): string {
    return this.options.keyPrefix;
  }

  /** Returns the event as appended (with its `seq`), or `undefined` when its run had already ended. */
  async append<Event extends UnsequencedRunEvent>(event: Event): Promise<(Event & { seq: number }) | undefined> {
    const seq = await this.send(event, '', '0');
    return seq === 0 ? undefined : ({ ...event, seq } as Event & { seq: number });
  }

  /** Appends the run's event number `position` only if it is the next one the stream expects of that run. */
  async appendInRunOrder(event: UnsequencedRunEvent, position: number, force = false): Promise<OrderedAppendOutcome> {
    const seq = await this.send(event, String(position), force ? '1' : '0');
    if (seq === EARLY) return 'early';
    if (seq === REPEAT) return 'repeat';
    if (seq === LOST) return 'lost';
    return seq === 0 ? 'refused' : 'stored';
  }

  /** The position the record expects next of a run (0 when it holds none of it). */
  async nextPositionOf(requestId: string, runId: string): Promise<number> {
    const next = await this.redis.hget(requestEventKeys(this.options.keyPrefix, requestId).runPositions, runId);
    return next === null ? 0 : Number(next);
  }

  private send(event: UnsequencedRunEvent, position: string, force: '0' | '1'): Promise<number> {
    const keys = requestEventKeys(this.options.keyPrefix, event.requestId);
    const terminal = event.type === 'run_end' || event.type === 'run_error';
    return this.redis.appendRequestEvent(
      keys.stream,
      keys.sequence,
      keys.endedRuns,
      keys.runPositions,
      JSON.stringify(event),
      event.runId,
      keys.channel,
      this.options.streamTtlSeconds,
      this.options.streamMaxEvents,
      terminal ? '1' : '0',
      this.publishCommand,
      position,
      force,
    );
  }
}

export function parseRunEvent(payload: string): RunEvent {
  return JSON.parse(payload) as RunEvent;
}
