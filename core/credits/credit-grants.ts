import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DEMO_CREDITS } from '../../contract/demo-credits.ts';
import { addOperatorGrant, ensureCreditAccount, grantOnce, lockCreditAccount, spendableCreditsOfAccount } from './credit-ledger.ts';
import { REGISTERED_GRANT } from './pricing.ts';
import { registeredGrantReference } from './requester.ts';
import { checkCreditGrant, CreditGrantRefused, DEMO_GRANTOR, type CreditGrantInput } from './credit-grant-input.ts';

/**
 * Credits given by hand: an operator's grant to a person named by email (`npm run credits:grant`) and the demo
 * button's. Each is one transaction that locks the account, writes the `operator_grant` entry and moves the balance
 * together, so a grant is never half done, and two grants (or a grant and an answer) take turns on the account.
 */

export interface OperatorGrantResult {
  /** False when the operator's reference had already given these credits: nothing was added this time. */
  added: boolean;
  userId: string;
  name: string;
  email: string;
  credits: number;
  /** What the person can spend now (balance less what running answers hold). */
  creditsRemaining: number;
}

/**
 * Gives `credits` to the account of the person registered under `email`, recording who gave them and why. With a
 * reference, giving the same grant again adds nothing; the same reference for another person or amount is refused.
 * Throws `CreditGrantRefused` for bad input or an address no account uses. An account not opened yet is opened with
 * its welcome credits (due once per address, as on a first visit), so the count reported is the one the person sees.
 */
export async function grantCreditsByEmail(em: EntityManager, appSecret: string, input: CreditGrantInput): Promise<OperatorGrantResult> {
  const grant = checkCreditGrant(input);
  const reference = `operator-grant:${grant.reference ?? randomUUID()}`;
  return em.transactional(async (transaction) => {
    const [user] = await transaction.execute<{ id: string; name: string; email: string }[]>(`select id, name, email from users where email = ?`, [grant.email]);
    if (!user) throw new CreditGrantRefused('unknown_email', `No account uses the address ${grant.email}. Check the spelling, or ask the person to sign up first.`);
    const account = await ensureCreditAccount(transaction, { userId: user.id });
    await lockCreditAccount(transaction, account.id);
    await grantOnce(transaction, account.id, REGISTERED_GRANT, registeredGrantReference(appSecret, user.email));
    const added = await addOperatorGrant(transaction, account.id, { amount: grant.credits, reference, grantedBy: grant.grantedBy, reason: grant.reason });
    if (!added) await requireSameGrant(transaction, reference, account.id, grant.credits);
    const creditsRemaining = await spendableCreditsOfAccount(transaction, account.id);
    return { added, userId: user.id, name: user.name, email: user.email, credits: grant.credits, creditsRemaining };
  });
}

/** A reference already used is fine only for the very grant it names (run twice); anything else is a mistake. */
async function requireSameGrant(em: EntityManager, reference: string, accountId: string, credits: number): Promise<void> {
  const [earlier] = await em.execute<{ account_id: string; kind: string; amount: string }[]>(
    `select account_id, kind, amount from credit_entries where reference = ?`,
    [reference],
  );
  if (earlier && earlier.kind === 'operator_grant' && earlier.account_id === accountId && Number(earlier.amount) === credits) return;
  throw new CreditGrantRefused('reference_used', `The reference "${reference.slice('operator-grant:'.length)}" was already used for another grant; choose a new one.`);
}

export type DemoGrantResult = { added: true; creditsAdded: number; creditsRemaining: number } | { added: false; retryAfterSeconds: number };

/**
 * The demo button: `DEMO_CREDITS.amount` credits for the signed-in person, at most `DEMO_CREDITS.perHour` times in
 * any hour. The count is read under the account's lock, so pressing in several tabs at once cannot pass the cap.
 * Whether the server is in demo mode is the caller's to check.
 */
export async function grantDemoCredits(em: EntityManager, userId: string): Promise<DemoGrantResult> {
  return em.transactional(async (transaction) => {
    const account = await ensureCreditAccount(transaction, { userId });
    await lockCreditAccount(transaction, account.id);
    const [recent] = await transaction.execute<{ count: number; next_at_seconds: string | null }[]>(
      `select count(*)::int as count, extract(epoch from min(created_at) + interval '1 hour' - now())::text as next_at_seconds
         from credit_entries
        where account_id = ? and kind = 'operator_grant' and granted_by = ? and created_at > now() - interval '1 hour'`,
      [account.id, DEMO_GRANTOR],
    );
    if (recent!.count >= DEMO_CREDITS.perHour) {
      return { added: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(recent!.next_at_seconds ?? 3_600))) };
    }
    await addOperatorGrant(transaction, account.id, {
      amount: DEMO_CREDITS.amount,
      reference: `demo-credits:${randomUUID()}`,
      grantedBy: DEMO_GRANTOR,
      reason: DEMO_CREDITS.reason,
    });
    return { added: true, creditsAdded: DEMO_CREDITS.amount, creditsRemaining: await spendableCreditsOfAccount(transaction, account.id) };
  });
}
