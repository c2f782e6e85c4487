import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { requestEventKeys, requestIdFromChannel } from '../../core/events/request-event-keys.ts';

export type RawEventListener = (payload: string) => void;

/**
 * One Redis subscriber connection per server process, shared by every open stream: a channel is subscribed while
 * at least one listener wants it. Commands on one connection run in order, so a subscribe racing an unsubscribe of
 * the same channel still ends subscribed.
 */
export class RequestEventHub {
  private readonly listeners = new Map<string, Set<RawEventListener>>();

  constructor(
    private readonly subscriber: Redis,
    private readonly keyPrefix: string,
    private readonly logger: FastifyBaseLogger,
  ) {
    subscriber.on('message', (channel: string, payload: string) => {
      const requestId = requestIdFromChannel(this.keyPrefix, channel);
      if (requestId === undefined) return;
      for (const listener of this.listeners.get(requestId) ?? []) {
        try {
          listener(payload);
        } catch (error) {
          this.logger.error({ err: error, requestId }, 'event listener failed');
        }
      }
    });
  }

  /** Resolves once Redis confirms the subscription; returns the function that undoes it. */
  async subscribe(requestId: string, listener: RawEventListener): Promise<() => Promise<void>> {
    const channel = requestEventKeys(this.keyPrefix, requestId).channel;
    let set = this.listeners.get(requestId);
    const first = set === undefined;
    if (!set) {
      set = new Set();
      this.listeners.set(requestId, set);
    }
    set.add(listener);
    if (first) {
      try {
        await this.subscriber.subscribe(channel);
      } catch (error) {
        set.delete(listener);
        if (set.size === 0) this.listeners.delete(requestId);
        throw error;
      }
    }
    let active = true;
    return async () => {
      if (!active) return;
      active = false;
      const current = this.listeners.get(requestId);
      current?.delete(listener);
      if (current && current.size === 0) {
        this.listeners.delete(requestId);
        await this.subscriber.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  get subscribedRequestCount(): number {
    return this.listeners.size;
  }
}
