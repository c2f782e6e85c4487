/**
 * One spelling per address, whatever case or spaces it was typed with: accounts, credit grants and the ledger's
 * keyed digests all compare addresses in this form, so it sits below all of them.
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
