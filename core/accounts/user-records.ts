import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../database/index.ts';
import { anonymiseCreditAccount } from '../credits/index.ts';
import type { GoogleIdentity } from './google-id-token.ts';

/**
 * The only writer of the `users` table: every way an account comes to be, changes its name or password, or goes.
 * Routes check who is asking and word the answer; what a row may become is decided here.
 */

/** A new account that signs in with a password once its address is verified; null when the address is taken. */
export async function createPasswordAccount(em: EntityManager, fields: { name: string; email: string; passwordHash: string }): Promise<User | null> {
  try {
    const user = em.create(User, { id: randomUUID(), ...fields });
    await em.flush();
    return user;
  } catch (error) {
    // Two registrations of one address at once: the loser learns it is taken, as any duplicate would.
    if (error instanceof UniqueConstraintViolationException) return null;
    throw error;
  }
}

/**
 * The account a Google identity signs in to. The Google account (its `sub`) is the identity. A first sign-in links
 * to an existing account with the same address; if that account never verified its address, whoever created it
 * never proved they own it, so its password is dropped and Google's proof takes over (no pre-registered hijack).
 * `linkedExisting` says an existing account changed, so cached copies of it must be forgotten.
 */
export async function accountForGoogleIdentity(em: EntityManager, identity: GoogleIdentity): Promise<{ user: User; linkedExisting: boolean }> {
  const known = await em.findOne(User, { googleSubject: identity.subject });
  if (known) return { user: known, linkedExisting: false };
  const sameAddress = await em.findOne(User, { email: identity.email });
  if (sameAddress) {
    if (!sameAddress.emailVerified) {
      sameAddress.passwordHash = null;
      sameAddress.emailVerified = true;
    }
    sameAddress.googleSubject = identity.subject;
    await em.flush();
    return { user: sameAddress, linkedExisting: true };
  }
  const user = em.create(User, { id: randomUUID(), name: identity.name, email: identity.email, emailVerified: true, googleSubject: identity.subject });
  await em.flush();
  return { user, linkedExisting: false };
}

/** A first paid purchase makes its buyer a subscriber (the caller's transaction, with the credits). */
export async function markSubscribed(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`update users set tier = 'subscribed', updated_at = now() where id = ?`, [userId]);
}

export async function renameAccount(em: EntityManager, userId: string, name: string): Promise<User> {
  const person = await em.findOneOrFail(User, userId);
  person.name = name;
  await em.flush();
  return person;
}

/**
 * Sets a new password, inside the caller's transaction (which also ends the other ways in). A password set through
 * a mailed link proves the address as well (`verifiesAddress`).
 */
export async function setAccountPassword(
  transaction: EntityManager,
  userId: string,
  passwordHash: string,
  options: { verifiesAddress: boolean },
): Promise<User> {
  const person = await transaction.findOneOrFail(User, userId);
  person.passwordHash = passwordHash;
  if (options.verifiesAddress) person.emailVerified = true;
  await transaction.flush();
  return person;
}

/**
 * Deletes an account and, through the database's cascades, its sessions, links and history. The credit ledger keeps
 * its money trail with the person anonymised (open holds given back first), and the one-time grant stays used.
 */
export async function deleteAccountRecord(em: EntityManager, userId: string): Promise<void> {
  await em.transactional(async (transaction) => {
    await anonymiseCreditAccount(transaction, userId);
    await transaction.nativeDelete(User, { id: userId });
  });
}
