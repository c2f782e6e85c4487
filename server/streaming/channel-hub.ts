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

  constructor(
    private readonly subscriber: Redis,
    private readonly logger: FastifyBaseLogger,
  ) {
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

  /** How many channels are subscribed, optionally only those `belongs` accepts (one family of channels). */
  subscribedCount(belongs?: (channel: string) => boolean): number {
    if (!belongs) return this.subscriptions.size;
    let count = 0;
    for (const channel of this.subscriptions.keys()) if (belongs(channel)) count += 1;
    return count;
  }
}
