import { hasUnstorableText, normaliseEmail } from '../text/index.ts';

/**
 * The rules an operator's grant must meet before it reaches the ledger: a whole number of credits within a sane
 * bound (a typo of three extra zeros must not mint a fortune), a reason a person wrote, who gave it, and optionally
 * a reference of the operator's choosing that makes a repeated grant add nothing.
 */
export const CREDIT_GRANT_LIMITS = { maxCredits: 100_000, reason: 500, grantedBy: 100, reference: 150 } as const;

/** The name the demo button's grants are recorded under; an operator cannot take it, so the demo cap counts only those. */
export const DEMO_GRANTOR = 'demo';

export type CreditGrantProblem =
  | 'unknown_email'
  | 'invalid_email'
  | 'invalid_credits'
  | 'missing_reason'
  | 'invalid_reason'
  | 'invalid_granted_by'
  | 'invalid_reference'
  | 'reference_used';

/** A grant refused before anything was written, with a sentence an operator can act on. */
export class CreditGrantRefused extends Error {
  constructor(
    readonly problem: CreditGrantProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CreditGrantRefused';
  }
}

export interface CreditGrantInput {
  email: string;
  /** As typed: the script hands over the argument's text, code a number. */
  credits: string | number;
  reason: string | undefined;
  grantedBy: string;
  reference?: string | undefined;
}

export interface CheckedCreditGrant {
  email: string;
  credits: number;
  reason: string;
  grantedBy: string;
  /** The ledger reference: the operator's own, or a fresh one (every grant then stands on its own). */
  reference: string | undefined;
}

const REFERENCE_PATTERN = /^[A-Za-z0-9._:-]+$/;

/** Checks a grant and returns it tidied (spaces trimmed), or throws `CreditGrantRefused` naming the first problem. */
export function checkCreditGrant(input: CreditGrantInput): CheckedCreditGrant {
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new CreditGrantRefused('invalid_email', `"${input.email}" is not an email address.`);

  const credits = typeof input.credits === 'number' ? input.credits : /^\d+$/.test(input.credits.trim()) ? Number(input.credits.trim()) : Number.NaN;
  if (!Number.isSafeInteger(credits) || credits < 1 || credits > CREDIT_GRANT_LIMITS.maxCredits) {
    throw new CreditGrantRefused(
      'invalid_credits',
      `Credits must be a whole number from 1 to ${CREDIT_GRANT_LIMITS.maxCredits.toLocaleString('en-US')} (got "${String(input.credits)}").`,
    );
  }

  const reason = input.reason?.trim() ?? '';
  if (reason === '') throw new CreditGrantRefused('missing_reason', 'Say why the credits are added, with --reason "…": the person sees it in their history of credits.');
  if (reason.length > CREDIT_GRANT_LIMITS.reason || hasUnstorableText(reason)) {
    throw new CreditGrantRefused('invalid_reason', `The reason must be at most ${CREDIT_GRANT_LIMITS.reason} characters of plain text.`);
  }

  const grantedBy = input.grantedBy.trim();
  if (grantedBy === '' || grantedBy.length > CREDIT_GRANT_LIMITS.grantedBy || hasUnstorableText(grantedBy)) {
    throw new CreditGrantRefused('invalid_granted_by', `Who grants must be a name of 1 to ${CREDIT_GRANT_LIMITS.grantedBy} characters.`);
  }
  if (grantedBy.toLowerCase() === DEMO_GRANTOR) {
    throw new CreditGrantRefused('invalid_granted_by', `"${DEMO_GRANTOR}" is kept for the demo button's credits; give your own name with --by.`);
  }

  const reference = input.reference?.trim();
  if (reference !== undefined && (reference === '' || reference.length > CREDIT_GRANT_LIMITS.reference || !REFERENCE_PATTERN.test(reference))) {
    throw new CreditGrantRefused(
      'invalid_reference',
      `A reference is 1 to ${CREDIT_GRANT_LIMITS.reference} letters, digits and . _ : - (got "${input.reference}").`,
    );
  }
  return { email, credits, reason, grantedBy, reference };
}
