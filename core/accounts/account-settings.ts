import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ensureCreditAccount, grantOnce, REGISTERED_GRANT, registeredGrantReference } from '../credits/index.ts';
import { User } from '../database/index.ts';
import { consumeAccountToken, EMAIL_CHANGE_LINK_EXPIRED, EMAIL_CHANGE_LINK_INVALID } from './account-tokens.ts';
import { deviceName } from './device-names.ts';
import { verifyAgainstDecoy, verifyPassword } from './password-hashing.ts';
import { AppError } from '../errors/index.ts';
import type { AccountSession } from '../../contract/account.ts';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
export const ADDRESS_TAKEN = 'This address now has an account of its own, so your address was not changed.';

/**
 * Checks the current password before a change that could lock the owner out (a new password, a new address). A
 * 400, not a 401: the session is fine, only the password typed is wrong. An account without a password (Google
 * only) has nothing to check; the same argon2 work is spent anyway when a password was sent.
 */
export async function checkCurrentPassword(em: EntityManager, userId: string, typed: unknown): Promise<{ hasPassword: boolean }> {
  const person = await em.findOneOrFail(User, userId, { populate: ['passwordHash'] });
  if (!person.passwordHash) return { hasPassword: false };
  if (typeof typed !== 'string' || typed === '') throw new AppError('VALIDATION_ERROR', 'Current password is required');
  const valid = typed.length <= 256 ? await verifyPassword(typed, person.passwordHash) : await verifyAgainstDecoy(typed.slice(0, 256));
  if (!valid) throw new AppError('VALIDATION_ERROR', WRONG_CURRENT_PASSWORD);
  return { hasPassword: true };
}

/** The account's live sessions, the asking one first, then by last use. */
export async function listSessions(em: EntityManager, userId: string, currentSessionId: string): Promise<AccountSession[]> {
  const rows = await em.execute<{ id: string; created_at: Date; last_seen_at: Date; expires_at: Date; user_agent: string | null }[]>(
    `select id, created_at, last_seen_at, expires_at, user_agent from user_sessions
      where user_id = ? and expires_at > now() order by (id = ?) desc, last_seen_at desc, created_at desc`,
    [userId, currentSessionId],
  );
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    device: deviceName(row.user_agent),
    createdAt: new Date(row.created_at).toISOString(),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  }));
}

export interface AddressChange {
  user: User;
  oldEmail: string;
  newEmail: string;
}

/**
 * Uses the link mailed to the new address and moves the account there, in one transaction. The account's one-time
 * grant is settled under the old address first: that address stays marked as granted (registering it again brings
 * nothing), and the account, having had its grant, is given none for the new one.
 */
export async function confirmAddressChange(em: EntityManager, appSecret: string, token: string): Promise<AddressChange> {
  try {
    return await em.transactional(async (transaction) => {
      const used = await consumeAccountToken(transaction, 'email_change', token, { invalid: EMAIL_CHANGE_LINK_INVALID, expired: EMAIL_CHANGE_LINK_EXPIRED });
      const person = await transaction.findOneOrFail(User, used.userId);
      const oldEmail = person.email;
      const newEmail = used.newEmail!;
      if (oldEmail === newEmail) return { user: person, oldEmail, newEmail };
      const account = await ensureCreditAccount(transaction, { userId: person.id });
      await grantOnce(transaction, account.id, REGISTERED_GRANT, registeredGrantReference(appSecret, oldEmail));
      person.email = newEmail;
      person.emailVerified = true;
      await transaction.flush();
      return { user: person, oldEmail, newEmail };
    });
  } catch (error) {
    // Someone registered the address between the request and the click.
    if (error instanceof UniqueConstraintViolationException) throw new AppError('VALIDATION_ERROR', ADDRESS_TAKEN);
    throw error;
  }
}
