import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export type ChannelListener = (payload: string) => void;

interface Subscription {
  listeners: Set<ChannelListener>;
  /** Redis's confirmation of the SUBSCRIBE, shared by everyone who joined while it was on its way. */
  confirmed: Promise<unknown>;
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
  private connectedBefore = false;

  constructor(
    private readonly subscriber: Redis,
    private readonly logger: FastifyBaseLogger,
  ) {
    if (subscriber.status === 'ready') this.connectedBefore = true;
    subscriber.on('ready', () => {
      if (this.connectedBefore) this.announceReconnect();
      this.connectedBefore = true;
    });
    subscriber.on('message', (channel: string, payload: string) => {
      const subscription = this.subscriptions.get(channel);
      if (!subscription) return;
      for (const listener of subscription.listeners) {
        try {
          listener(payload);
        } catch (error) {
          this.logger.error({ err: error, channel }, 'channel listener failed');
        }
      }
    });
  }

  /**
   * Resolves once Redis confirms the channel is subscribed (also for a listener joining while the first one's
   * subscription is still on its way); returns the function that undoes it.
   */
  async subscribe(channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
    let subscription = this.subscriptions.get(channel);
    if (!subscription) {
      subscription = { listeners: new Set(), confirmed: this.subscriber.subscribe(channel) };
      this.subscriptions.set(channel, subscription);
    }
    subscription.listeners.add(listener);
    try {
      await subscription.confirmed;
    } catch (error) {
      // Everyone waiting on this subscription hears the failure; the next listener tries afresh.
      if (this.subscriptions.get(channel) === subscription) this.subscriptions.delete(channel);
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
        await this.subscriber.unsubscribe(channel).catch(() => undefined);
      }
    };
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
