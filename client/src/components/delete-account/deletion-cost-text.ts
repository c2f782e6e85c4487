import type { AccountDeletionCost } from '../../../../contract/account.ts';
import { creditsText } from '../../catalogue/model-access.ts';
import { moneyText } from '../purchase-credits/purchase-pricing.ts';

/**
 * What deleting the account loses, in the dialog's words: the balance, and what was paid for the credits bought.
 * Plain functions, tested on their own.
 */
export function deletionLoss(cost: AccountDeletionCost): { balance: string; paid: string | null } {
  const balance = `You lose your balance of ${creditsText(cost.balance)}.`;
  if (cost.paid.length === 0) return { balance, paid: null };
  const money = cost.paid.map((entry) => moneyText(entry.amountCents, entry.currency));
  const bought = cost.paid.reduce((sum, entry) => sum + entry.credits, 0);
  return { balance, paid: `You paid ${andList(money)} for the ${creditsText(bought)} you bought; none of it is refunded.` };
}

/** Whether the typed address is the account's own (as the person sees it: blanks around it and capitals aside). */
export function confirmsAddress(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

function andList(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
