import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { createRedisConnection, waitUntilReady } from '../../core/redis/redis-connection.ts';
import { accountEventChannel, parseAccountEvent, userIdFromAccountEventChannel, type AccountEvent } from '../../core/events/account-event.ts';

export type AccountEventListener = (event: AccountEvent) => void;

/**
 * The account twin of `RequestEventHub`: one Redis subscriber connection per server process, shared by every open
 * live socket. A user's channel is subscribed while at least one of their sockets is open, and each message is
 * parsed once and handed to all of them.
 */
export class AccountEventHub {
  private readonly channels = new Map<string, { listeners: Set<AccountEventListener>; confirmed: Promise<unknown> }>();

  constructor(
    private readonly subscriber: Redis,
    private readonly keyPrefix: string,
    private readonly logger: FastifyBaseLogger,
  ) {
    subscriber.on('message', (channel: string, payload: string) => {
      const userId = userIdFromAccountEventChannel(this.keyPrefix, channel);
      const listeners = userId === undefined ? undefined : this.channels.get(userId)?.listeners;
      if (!listeners) return;
      const event = parseAccountEvent(payload);
      if (!event) {
        this.logger.warn({ channel }, 'ignored a malformed account event');
        return;
      }
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          this.logger.error({ err: error, userId }, 'account event listener failed');
        }
      }
    });
  }

  /**
   * Resolves once Redis confirms the user's channel is subscribed (also for a second tab joining while the first
   * tab's subscription is still on its way); returns the function that undoes it.
   */
  async subscribe(userId: string, listener: AccountEventListener): Promise<() => Promise<void>> {
    const channel = accountEventChannel(this.keyPrefix, userId);
    let entry = this.channels.get(userId);
    if (!entry) {
      entry = { listeners: new Set(), confirmed: this.subscriber.subscribe(channel) };
      this.channels.set(userId, entry);
    }
    entry.listeners.add(listener);
    try {
      await entry.confirmed;
    } catch (error) {
      // Everyone waiting on this subscription hears the failure; the next tab tries afresh.
      if (this.channels.get(userId) === entry) this.channels.delete(userId);
      throw error;
    }
    let active = true;
    return async () => {
      if (!active) return;
      active = false;
      const current = this.channels.get(userId);
      if (!current?.listeners.delete(listener)) return;
      if (current.listeners.size === 0) {
        this.channels.delete(userId);
        // Commands on one connection run in order, so a tab subscribing right after this still ends subscribed.
        await this.subscriber.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  get subscribedUserCount(): number {
    return this.channels.size;
  }
}

/** The hub on its own subscriber connection, closed with the server. */
export async function openAccountEventHub(app: FastifyInstance): Promise<AccountEventHub> {
  const subscriber = createRedisConnection(app.config.redis.url, 'subscriber', app.log as never, 'quorum-server-account-subscriber');
  try {
    await waitUntilReady(subscriber);
  } catch (error) {
    subscriber.disconnect();
    throw error;
  }
  app.addHook('onClose', async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  });
  return new AccountEventHub(subscriber, app.config.redis.keyPrefix, app.log);
}
