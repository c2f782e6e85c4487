import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { EmailVerificationToken, User } from '../database/index.ts';
import { AppError } from '../errors/index.ts';
import { hashToken, newSecretToken } from '../secrets/index.ts';

const TOKEN_LIFETIME_MS = 24 * 3_600_000;

export const VERIFICATION_LINK_INVALID = 'This verification link is invalid or has already been used. Please request a new one.';
export const VERIFICATION_LINK_EXPIRED = 'This verification link has expired. Please request a new one.';

export async function issueVerificationToken(em: EntityManager, user: User, now = new Date()): Promise<string> {
  const token = newSecretToken();
  em.create(EmailVerificationToken, {
    id: randomUUID(),
    user,
    email: user.email,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
  });
  await em.flush();
  return token;
}

export function verificationLink(appUrl: string, email: string, token: string): string {
  const url = new URL('/verify-email', appUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}

/**
 * Uses a link: the token must exist, be unused and unexpired, and belong to this address and to the account that
 * still has it. Marking it used and the account verified happen in one transaction, so a link works exactly once
 * even when clicked twice at the same moment.
 */
export async function consumeVerificationToken(em: EntityManager, email: string, token: string, now = new Date()): Promise<User> {
  return em.transactional(async (transaction) => {
    const record = await transaction.findOne(
      EmailVerificationToken,
      { tokenHash: hashToken(token) },
      { populate: ['user'], lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!record || record.usedAt || record.email !== email || record.user.email !== email) {
      throw new AppError('VALIDATION_ERROR', VERIFICATION_LINK_INVALID);
    }
    if (record.expiresAt <= now) throw new AppError('VALIDATION_ERROR', VERIFICATION_LINK_EXPIRED);
    record.usedAt = now;
    record.user.emailVerified = true;
    await transaction.flush();
    return record.user;
  });
}
