import { formatCents, priceInCents, priceTierFor, savingsInCents, type CreditPriceTier } from '../../../../contract/credit-pricing.ts';
import type { DynamicPricing } from '../../../../contract/payments.ts';

/** What the dialog says about an amount: its band, the rate (4 decimals), the price (2 decimals) and any saving. */
export interface AmountQuote {
  tier: CreditPriceTier;
  /** `$0.0085` */
  rateText: string;
  priceCents: number;
  /** `$8.50` */
  priceText: string;
  /** Against the first band's rate; 0 in the first band. */
  savingsCents: number;
  savingsText: string | null;
}

export function moneyText(cents: number, currency: string): string {
  return currency === 'usd' ? `$${formatCents(cents)}` : `${formatCents(cents)} ${currency.toUpperCase()}`;
}

export function quoteFor(credits: number, pricing: DynamicPricing, currency: string): AmountQuote {
  const tier = priceTierFor(credits, pricing.tiers);
  const priceCents = priceInCents(credits, pricing.tiers);
  const savingsCents = pricing.features.showSavingsCalculation ? savingsInCents(credits, pricing.tiers) : 0;
  const firstBand = pricing.tiers[0]!;
  const percent = savingsCents > 0 ? Math.round((savingsCents / (savingsCents + priceCents)) * 100) : 0;
  return {
    tier,
    rateText: currency === 'usd' ? `$${tier.pricePerCredit.toFixed(4)}` : `${tier.pricePerCredit.toFixed(4)} ${currency.toUpperCase()}`,
    priceCents,
    priceText: moneyText(priceCents, currency),
    savingsCents,
    savingsText: savingsCents > 0 ? `You save ${moneyText(savingsCents, currency)} (${percent}%) against the ${firstBand.label} rate` : null,
  };
}

/** A typed amount kept within the limits; what is not a number yet stays as it is, for the button to refuse. */
export function clampCredits(value: number, limits: DynamicPricing['limits']): number {
  return Math.min(limits.maximumCredits, Math.max(limits.minimumCredits, Math.round(value)));
}
