import type { EntityManager } from '@mikro-orm/postgresql';
import type { RedisClient } from '../redis/index.ts';
import { accountEventChannel, type AccountEvent } from '../events/index.ts';
import { spendableCreditsOfUser } from './credit-ledger.ts';

/**
 * What ending a run changed for its owner, so the caller can tell their open tabs once the transaction has
 * committed (the transaction itself never talks to Redis). The runs feature reports it; this module announces it.
 */
export interface RunSettlement {
  requestId: string;
  /** The signed-in owner; null for a guest's request. */
  userId: string | null;
  /** This run was the request's last open one, so ending it ended the request. */
  requestFinished: boolean;
  /** What the payer can spend right after this ending (balance − held), when it moved their credits. */
  creditsRemaining?: number;
}

/**
 * Tells a signed-in owner's open tabs what ending a run changed: their credits (the hold was captured or released)
 * and, when it was the last run, that the request finished. Call it after the settling transaction has committed,
 * so a tab that reacts by reading Postgres sees the new state. Guests have no account channel.
 */
export async function publishRunSettlement(em: EntityManager, redis: RedisClient, keyPrefix: string, settlement: RunSettlement): Promise<void> {
  if (!settlement.userId) return;
  const events: AccountEvent[] = [];
  // The settling statement usually knows the new figure already; otherwise it is read after the commit.
  const credits =
    settlement.creditsRemaining === undefined
      ? await creditsChangedEvent(em, settlement.userId)
      : ({ type: 'credits_changed', creditsRemaining: settlement.creditsRemaining } as const);
  if (credits) events.push(credits);
  if (settlement.requestFinished) events.push({ type: 'request_finished', requestId: settlement.requestId });
  await publish(redis, keyPrefix, settlement.userId, events);
}

/** Tells a user's open tabs what they can now spend, when the caller already knows it (no database read). */
export async function publishCreditsRemaining(redis: RedisClient, keyPrefix: string, userId: string, creditsRemaining: number): Promise<void> {
  await publish(redis, keyPrefix, userId, [{ type: 'credits_changed', creditsRemaining }]);
}

async function creditsChangedEvent(em: EntityManager, userId: string): Promise<AccountEvent | undefined> {
  // Read after the commit, so it is the balance at least as new as the change being announced.
  const creditsRemaining = await spendableCreditsOfUser(em, userId);
  return creditsRemaining === undefined ? undefined : { type: 'credits_changed', creditsRemaining };
}

async function publish(redis: RedisClient, keyPrefix: string, userId: string, events: AccountEvent[]): Promise<void> {
  if (events.length === 0) return;
  // One pipeline keeps the messages in order: credits first, then the request's end.
  const pipeline = redis.pipeline();
  for (const event of events) pipeline.publish(accountEventChannel(keyPrefix, userId), JSON.stringify(event));
  const results = (await pipeline.exec()) ?? [];
  const failure = results.find(([error]) => error)?.[0];
  if (failure) throw failure;
}
