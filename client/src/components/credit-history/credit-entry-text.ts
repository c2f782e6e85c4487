import type { CreditHistoryEntry } from '../../api/credit-history-api.ts';

/** What one line of the history of credits says: what happened, and a detail under it when there is one. */
export interface CreditEntryText {
  title: string;
  detail: string | null;
}

/**
 * The ledger's kinds in words. `modelName` turns a charge's engine and model into the names people read; a charge
 * whose request was deleted no longer knows its model.
 */
export function creditEntryText(entry: CreditHistoryEntry, modelName: (pair: { engine: string; model: string }) => string): CreditEntryText {
  switch (entry.kind) {
    case 'grant':
      return { title: 'Welcome credits', detail: 'Free credits for a new account' };
    case 'purchase':
      return { title: 'Bought by card', detail: null };
    case 'charge':
      return { title: entry.model ? `Answer from ${modelName(entry.model)}` : 'Answer', detail: null };
    case 'refund':
      return { title: 'Refund', detail: null };
    case 'reversal':
      return { title: 'Card payment refunded or disputed', detail: 'The credits it bought were taken back' };
    case 'adjustment':
      return { title: 'Adjustment', detail: null };
    case 'operator_grant':
      return entry.demo ? { title: 'Demo credits', detail: 'Added with the demo button' } : { title: 'Added by the operator', detail: entry.reason };
  }
}

/** "+500" or "−12", with a real minus sign and thousands separated. */
export function signedCredits(credits: number): string {
  const amount = Math.abs(credits).toLocaleString('en-US');
  return credits < 0 ? `\u2212${amount}` : `+${amount}`;
}
