import type { FastifyBaseLogger } from 'fastify';
import { accountEventChannel, parseAccountEvent, userIdFromAccountEventChannel, type AccountEvent } from '../../core/events/index.ts';
import type { ChannelHub } from './channel-hub.ts';

export type AccountEventListener = (event: AccountEvent) => void;

/**
 * A signed-in user's account events, heard on the process's shared subscriber connection: the user's channel is
 * subscribed while at least one of their live sockets is open. Nothing arriving on a channel is trusted: what does
 * not parse as an account event is logged and dropped.
 */
export class AccountEventHub {
  constructor(
    private readonly channels: ChannelHub,
    private readonly keyPrefix: string,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Resolves once Redis confirms the user's channel is subscribed; returns the function that undoes it. */
  subscribe(userId: string, listener: AccountEventListener): Promise<() => Promise<void>> {
    const channel = accountEventChannel(this.keyPrefix, userId);
    return this.channels.subscribe(channel, (payload) => {
      const event = parseAccountEvent(payload);
      if (event) listener(event);
      else this.logger.warn({ channel }, 'ignored a malformed account event');
    });
  }

  get subscribedUserCount(): number {
    return this.channels.subscribedCount((channel) => userIdFromAccountEventChannel(this.keyPrefix, channel) !== undefined);
  }
}
