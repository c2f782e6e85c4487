import { requestEventKeys, requestIdFromChannel } from '../../core/events/index.ts';
import type { ChannelHub } from './channel-hub.ts';

export type RawEventListener = (payload: string) => void;

/**
 * A request's live events, heard on the process's shared subscriber connection: a request's channel is subscribed
 * while at least one open stream follows it. Payloads are handed on raw; each follower parses what it keeps.
 */
export class RequestEventHub {
  /** What each follower of this process is doing now, and since when: the evidence when a stream seems stuck. */
  private readonly followers = new Set<FollowerStage>();

  constructor(
    private readonly channels: ChannelHub,
    private readonly keyPrefix: string,
  ) {}

  /** Resolves once Redis confirms the subscription; returns the function that undoes it. */
  subscribe(requestId: string, listener: RawEventListener): Promise<() => Promise<void>> {
    // Published per shard on a cluster (SPUBLISH, see the event writer), so followed per shard.
    return this.channels.subscribe(requestEventKeys(this.keyPrefix, requestId).channel, listener, { sharded: this.channels.clustered });
  }

  /** Calls `listener` whenever the subscriber connection came back: live events may have been missed. */
  onReconnect(listener: () => void): () => void {
    return this.channels.onReconnect(listener);
  }

  /** Calls `listener` when the subscriber connection has been lost for too long: live events cannot arrive. */
  onGone(listener: () => void): () => void {
    return this.channels.onGone(listener);
  }

  /** Registers a follower of `requestId`; it reports each change of what it waits on until it calls `end()`. */
  trackFollower(requestId: string): FollowerStage {
    const hub = this.followers;
    const follower: FollowerStage = {
      requestId,
      step: 'starting',
      seq: 0,
      since: Date.now(),
      enter(step, seq) {
        follower.step = step;
        follower.seq = seq;
        follower.since = Date.now();
      },
      end: () => hub.delete(follower),
    };
    hub.add(follower);
    return follower;
  }

  /** One line per follower: its request, what it waits on, and for how long. */
  describeFollowers(now = Date.now()): string[] {
    return [...this.followers].map(
      (follower) => `${follower.requestId}: ${follower.step.replace('{seq}', String(follower.seq))} for ${((now - follower.since) / 1000).toFixed(1)} s`,
    );
  }

  get subscribedRequestCount(): number {
    return this.channels.subscribedCount((channel) => requestIdFromChannel(this.keyPrefix, channel) !== undefined);
  }
}

/**
 * Where one follower stands: set as it goes, read only to describe a stream that seems stuck. A step is a fixed text
 * with `{seq}` where its event number goes, put together only when described, so following an answer's events
 * builds no string per event.
 */
export interface FollowerStage {
  readonly requestId: string;
  step: string;
  seq: number;
  since: number;
  enter(step: string, seq: number): void;
  end(): void;
}
