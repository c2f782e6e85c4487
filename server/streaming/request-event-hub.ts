import { requestEventKeys, requestIdFromChannel } from '../../core/events/index.ts';
import type { ChannelHub } from './channel-hub.ts';

export type RawEventListener = (payload: string) => void;

/**
 * A request's live events, heard on the process's shared subscriber connection: a request's channel is subscribed
 * while at least one open stream follows it. Payloads are handed on raw; each follower parses what it keeps.
 */
export class RequestEventHub {
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

  get subscribedRequestCount(): number {
    return this.channels.subscribedCount((channel) => requestIdFromChannel(this.keyPrefix, channel) !== undefined);
  }
}
