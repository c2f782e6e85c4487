import type { EntityManager } from '@mikro-orm/postgresql';
import { listLiveKeyUses, type LiveKeyUse } from '../api-keys/index.ts';
import { endPendingEmailChanges } from './account-tokens.ts';
import type { SessionService } from './session-service.ts';

/** What ended when the owner took the account back. */
export interface TakenBack {
  signedOutSessions: number;
  /** The addresses that pending changes would have moved the account to; their links no longer work. */
  cancelledEmailChanges: string[];
}

/** What the mail after a reset or a new password tells the owner, so nothing someone else set up goes unseen. */
export interface RecoveryReport {
  cancelledEmailChanges: string[];
  apiKeys: LiveKeyUse[];
  /** The API page's list of keys, where each is revoked (signed in). */
  apiKeysUrl: string;
}

/**
 * Ends every way back in that knowing the password once opened, inside the caller's transaction (the one that sets
 * the new password, when there is one), so none outlives the change: the account's other sessions (all of them when
 * `keepSessionId` is null) and its pending moves to a new address. API keys stay: they may be the owner's own
 * programs, so the mail that follows lists them to revoke. The caller announces the ended sessions once committed.
 */
export async function endOtherWaysIn(transaction: EntityManager, sessions: SessionService, userId: string, keepSessionId: string | null): Promise<TakenBack> {
  const signedOutSessions = await sessions.revokeAllBut(transaction, userId, keepSessionId);
  const cancelledEmailChanges = await endPendingEmailChanges(transaction, userId);
  return { signedOutSessions, cancelledEmailChanges };
}

/** Read after the commit, for the mail: the account's live keys with their last use. */
export async function recoveryReport(em: EntityManager, userId: string, cancelledEmailChanges: string[], appUrl: string): Promise<RecoveryReport> {
  return { cancelledEmailChanges, apiKeys: await listLiveKeyUses(em, userId), apiKeysUrl: new URL('/developers#api-keys', appUrl).toString() };
}

/** The sentence that says which pending address changes ended; empty when none did. */
export function cancelledEmailChangesSentence(addresses: string[]): string {
  if (addresses.length === 0) return '';
  if (addresses.length === 1) return `The pending change of your email address to ${addresses[0]} was cancelled: its confirmation link no longer works.`;
  return `The pending changes of your email address (to ${addresses.join(', ')}) were cancelled: their confirmation links no longer work.`;
}

/** An answer's message with the cancelled changes said after it, when there were any. */
export function withCancelledEmailChanges(message: string, addresses: string[]): string {
  const sentence = cancelledEmailChangesSentence(addresses);
  return sentence ? `${message} ${sentence}` : message;
}
