import type { FastifyBaseLogger } from 'fastify';
import { isCluster, type RedisClient } from '../../core/redis/index.ts';

/** How long after a cluster node comes or goes the followers re-read their records. */
const TOPOLOGY_SETTLE_MS = 500;

export type ChannelListener = (payload: string) => void;

interface Subscription {
  listeners: Set<ChannelListener>;
  /** Redis's confirmation of the SUBSCRIBE, shared by everyone who joined while it was on its way. */
  confirmed: Promise<unknown>;
  /** Followed with SSUBSCRIBE (a cluster's sharded pub/sub) rather than SUBSCRIBE. */
  sharded: boolean;
}

/**
 * One Redis subscriber connection shared by everything in the process that listens to pub/sub: a channel is
 * subscribed while at least one listener wants it, each message is handed to all of that channel's listeners, and a
 * listener that throws harms nobody else. Commands on one connection run in order, so a subscribe racing the
 * unsubscribe of the same channel still ends subscribed.
 */
export class ChannelHub {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly goneListeners = new Set<() => void>();
  private connectedBefore = false;
  private goneTimer: NodeJS.Timeout | undefined;
  private gone = false;

  constructor(
    private readonly subscriber: RedisClient,
    private readonly logger: FastifyBaseLogger,
    /** How long the connection may stay lost before followers are told to give up (and their browsers to retry). */
    private readonly giveUpAfterMs = 10_000,
  ) {
    if (subscriber.status === 'ready') this.connectedBefore = true;
    subscriber.on('ready', () => {
      clearTimeout(this.goneTimer);
      this.goneTimer = undefined;
      this.gone = false;
      if (this.connectedBefore) this.announceReconnect();
      this.connectedBefore = true;
    });
    subscriber.on('close', () => {
      if (!this.connectedBefore || this.goneTimer) return;
      this.goneTimer = setTimeout(() => {
        this.gone = true;
        this.logger.warn({ lostForMs: this.giveUpAfterMs }, 'redis subscriber still unreachable; ending the streams that follow it');
        for (const listener of this.goneListeners) listener();
      }, this.giveUpAfterMs);
      this.goneTimer.unref();
    });
    if (isCluster(subscriber)) {
      // A cluster client moves its subscriptions to another node when one is lost or a failover moves a shard,
      // without a `ready` of its own: it says `subscribersReady` once it has re-sent the sharded ones, and a change
      // in the cluster's nodes may have moved the plain ones. Either counts as a reconnect, so followers re-read
      // what the move may have cost them: at once, and again a moment later, since the client does not wait for the
      // re-sent subscriptions to be confirmed (and the PING below may go to another node than the subscriptions).
      const topologyChanged = () => {
        this.announceReconnect();
        setTimeout(() => this.announceReconnect(), TOPOLOGY_SETTLE_MS).unref();
      };
      subscriber.on('-node', topologyChanged);
      subscriber.on('+node', topologyChanged);
      subscriber.on('subscribersReady', topologyChanged);
    }
    const deliver = (channel: string, payload: string) => {
      const subscription = this.subscriptions.get(channel);
      if (!subscription) return;
      for (const listener of subscription.listeners) {
        try {
          listener(payload);
        } catch (error) {
          this.logger.error({ err: error, channel }, 'channel listener failed');
        }
      }
    };
    subscriber.on('message', deliver);
    subscriber.on('smessage', deliver);
  }

  /** Whether the connection is to a Redis Cluster, where request channels are sharded. */
  get clustered(): boolean {
    return isCluster(this.subscriber);
  }

  /**
   * Resolves once Redis confirms the channel is subscribed (also for a listener joining while the first one's
   * subscription is still on its way); returns the function that undoes it.
   */
  async subscribe(channel: string, listener: ChannelListener, options: { sharded?: boolean } = {}): Promise<() => Promise<void>> {
    let subscription = this.subscriptions.get(channel);
    if (!subscription) {
      const sharded = options.sharded === true;
      subscription = { listeners: new Set(), confirmed: sharded ? this.subscriber.ssubscribe(channel) : this.subscriber.subscribe(channel), sharded };
      this.subscriptions.set(channel, subscription);
    }
    subscription.listeners.add(listener);
    try {
      // Queued while the connection is lost; given up with everyone else once the hub gives up on it.
      await this.unlessGone(subscription.confirmed);
    } catch (error) {
      // Everyone waiting on this subscription hears the failure; the next listener tries afresh.
      subscription.listeners.delete(listener);
      if (this.subscriptions.get(channel) === subscription) this.subscriptions.delete(channel);
      if (subscription.listeners.size === 0) void this.unsubscribeFrom(channel, subscription.sharded).catch(() => undefined);
      throw error;
    }
    let active = true;
    return async () => {
      if (!active) return;
      active = false;
      const current = this.subscriptions.get(channel);
      if (!current?.listeners.delete(listener)) return;
      if (current.listeners.size === 0) {
        this.subscriptions.delete(channel);
        const unsubscribed = this.unsubscribeFrom(channel, current.sharded).catch(() => undefined);
        // While the connection is lost the command waits in ioredis's queue; whoever is leaving must not wait too.
        if (this.subscriber.status === 'ready') await unsubscribed;
      }
    };
  }

  private unsubscribeFrom(channel: string, sharded: boolean): Promise<unknown> {
    return sharded ? this.subscriber.sunsubscribe(channel) : this.subscriber.unsubscribe(channel);
  }

  /**
   * Calls `listener` each time the connection is back after being lost, once the channels are subscribed again.
   * Whatever was published meanwhile never arrived (and Redis may have restarted and forgotten everything), so
   * followers re-read their records then. Returns the function that stops the calls.
   */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /**
   * Calls `listener` when the connection has been lost for longer than the hub waits: a restart is over by then,
   * so this is an outage, and a stream waiting on it should end with an error its browser can retry.
   */
  onGone(listener: () => void): () => void {
    this.goneListeners.add(listener);
    return () => this.goneListeners.delete(listener);
  }

  private unlessGone<T>(promise: Promise<T>): Promise<T> {
    if (this.gone) {
      promise.catch(() => undefined);
      return Promise.reject(new RedisUnreachableError());
    }
    let stopWaiting = () => {};
    const gaveUp = new Promise<never>((_resolve, reject) => {
      stopWaiting = this.onGone(() => reject(new RedisUnreachableError()));
    });
    return Promise.race([promise, gaveUp]).finally(() => stopWaiting());
  }

  private announceReconnect(): void {
    // ioredis announces `ready` just before it sends the SUBSCRIBEs that restore our channels; a PING queued after
    // them answers only once they are done (one connection runs its commands in order), so nothing published
    // after the followers re-read can slip between the read and the subscription.
    setImmediate(() => {
      this.subscriber
        .ping()
        .catch(() => undefined)
        .finally(() => {
          for (const listener of this.reconnectListeners) {
            try {
              listener();
            } catch (error) {
              this.logger.error({ err: error }, 'reconnect listener failed');
            }
          }
        });
    });
  }

  /** How many channels are subscribed, optionally only those `belongs` accepts (one family of channels). */
  subscribedCount(belongs?: (channel: string) => boolean): number {
    if (!belongs) return this.subscriptions.size;
    let count = 0;
    for (const channel of this.subscriptions.keys()) if (belongs(channel)) count += 1;
    return count;
  }
}

/** Live events cannot arrive: Redis has been unreachable for longer than a restart takes. Answered as a 503. */
export class RedisUnreachableError extends Error {
  override name = 'RedisUnreachableError';
  /** What the infrastructure check recognises as "a dependency is down". */
  readonly code = 'ECONNREFUSED';

  constructor() {
    super('Redis has been unreachable for too long to follow live events');
  }
}
