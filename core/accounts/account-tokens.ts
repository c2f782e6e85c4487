import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/index.ts';
import { hashToken, newSecretToken } from '../secrets/index.ts';

/**
 * Single-use mailed links that change an account: a password reset (valid 1 hour) and a move to a new address
 * (valid 24 hours, like a verification link). Only the token's SHA-256 is kept. In plain SQL, one statement each, so
 * the request for a reset does exactly the same database work whether or not the address has an account.
 */
export const PASSWORD_RESET_LIFETIME_MS = 3_600_000;
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 3_600_000;

export const RESET_LINK_INVALID = 'This password reset link is invalid or has already been used. Please request a new one.';
export const RESET_LINK_EXPIRED = 'This password reset link has expired. Please request a new one.';
export const EMAIL_CHANGE_LINK_INVALID = 'This confirmation link is invalid or has already been used.';
export const EMAIL_CHANGE_LINK_EXPIRED = 'This confirmation link has expired. Please change your email again from Settings.';

type Purpose = 'password_reset' | 'email_change';

export interface ResetRecipient {
  userId: string;
  name: string;
  /** A Google-only account has none yet: its mail says the link sets one. */
  hasPassword: boolean;
}

/**
 * Makes a reset token and, in the same statement, stores it only if `email` has an account: the unknown address
 * costs the same token generation, hashing and round trip as the known one, so timing tells nothing.
 */
export async function issuePasswordReset(em: EntityManager, email: string, now = new Date()): Promise<{ token: string; recipient: ResetRecipient | undefined }> {
  const token = newSecretToken();
  const rows = await em.transactional(async (transaction) => {
    // Without this, only a stored token would wait for the WAL to reach the disk: a commit's flush is several
    // milliseconds, enough to tell an address with an account from one without. A token lost to a crash costs the
    // person one more click on "Forgot password?".
    await transaction.execute('set local synchronous_commit to off');
    return transaction.execute<{ user_id: string; name: string; has_password: boolean }[]>(
      `with inserted as (
         insert into account_tokens (id, user_id, purpose, token_hash, created_at, expires_at)
         select ?, person.id, 'password_reset', ?, ?, ? from users as person where person.email = ?
         returning user_id
       )
       select person.id as user_id, person.name, person.password_hash is not null as has_password
         from inserted join users as person on person.id = inserted.user_id`,
      [randomUUID(), hashToken(token), now, new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS), email],
    );
  });
  const row = rows[0];
  return { token, recipient: row ? { userId: row.user_id, name: row.name, hasPassword: row.has_password } : undefined };
}

export async function issueEmailChange(em: EntityManager, userId: string, newEmail: string, now = new Date()): Promise<string> {
  const token = newSecretToken();
  await em.execute(
    `insert into account_tokens (id, user_id, purpose, new_email, token_hash, created_at, expires_at) values (?, ?, 'email_change', ?, ?, ?, ?)`,
    [randomUUID(), userId, newEmail, hashToken(token), now, new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS)],
  );
  return token;
}

export interface UsedToken {
  userId: string;
  newEmail: string | null;
}

/**
 * Uses a link inside the caller's transaction: the row is locked, so two clicks at the same moment cannot both
 * pass. Using one link also ends the account's other open links of the same kind: after a reset, an older reset
 * mail sitting in the inbox no longer works.
 */
export async function consumeAccountToken(
  transaction: EntityManager,
  purpose: Purpose,
  token: string,
  messages: { invalid: string; expired: string },
  now = new Date(),
): Promise<UsedToken> {
  const [row] = await transaction.execute<{ id: string; user_id: string; new_email: string | null; expires_at: Date; used_at: Date | null }[]>(
    `select id, user_id, new_email, expires_at, used_at from account_tokens where token_hash = ? and purpose = ? for update`,
    [hashToken(token), purpose],
  );
  if (!row || row.used_at) throw new AppError('VALIDATION_ERROR', messages.invalid);
  if (new Date(row.expires_at) <= now) throw new AppError('VALIDATION_ERROR', messages.expired);
  await transaction.execute(`update account_tokens set used_at = ? where user_id = ? and purpose = ? and used_at is null`, [now, row.user_id, purpose]);
  return { userId: row.user_id, newEmail: row.new_email };
}

/**
 * Ends the account's open links to a new address inside the caller's transaction, as if used, and returns the
 * addresses they would have moved it to. Called when the owner takes the account back (a reset, a new password,
 * "sign out every other device"): whoever once knew the password must not finish moving the account to their own
 * mailbox with a link asked for before. Ended links answer as used ones do.
 */
export async function endPendingEmailChanges(transaction: EntityManager, userId: string, now = new Date()): Promise<string[]> {
  const rows = await transaction.execute<{ new_email: string }[]>(
    `update account_tokens set used_at = ? where user_id = ? and purpose = 'email_change' and used_at is null and expires_at > ? returning new_email`,
    [now, userId, now],
  );
  return [...new Set(rows.map((row) => row.new_email))].sort();
}

/** The format a mailed token has (43 URL-safe characters); anything else is refused before touching the database. */
export function looksLikeToken(raw: unknown): raw is string {
  return typeof raw === 'string' && /^[\w-]{20,128}$/.test(raw);
}
