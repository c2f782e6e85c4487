import { cheaperLargerAmount, formatCents, priceInCents, priceTierFor, savingsInCents, type CreditPriceTier } from '../../../../contract/credit-pricing.ts';
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
  /** A larger amount that costs less than this one, in words, with the amount to switch to; null where there is none. */
  cheaper: { credits: number; text: string } | null;
}

export function moneyText(cents: number, currency: string): string {
  return currency === 'usd' ? `$${formatCents(cents)}` : `${formatCents(cents)} ${currency.toUpperCase()}`;
}

/** A rate per credit with four decimals: `$0.0085`. */
export function rateText(perCredit: number, currency: string): string {
  return currency === 'usd' ? `$${perCredit.toFixed(4)}` : `${perCredit.toFixed(4)} ${currency.toUpperCase()}`;
}

export function quoteFor(credits: number, pricing: DynamicPricing, currency: string): AmountQuote {
  const tier = priceTierFor(credits, pricing.tiers);
  const priceCents = priceInCents(credits, pricing.tiers);
  const savingsCents = pricing.features.showSavingsCalculation ? savingsInCents(credits, pricing.tiers) : 0;
  const firstBand = pricing.tiers[0]!;
  const percent = savingsCents > 0 ? Math.round((savingsCents / (savingsCents + priceCents)) * 100) : 0;
  return {
    tier,
    rateText: rateText(tier.pricePerCredit, currency),
    priceCents,
    priceText: moneyText(priceCents, currency),
    savingsCents,
    savingsText: savingsCents > 0 ? `You save ${moneyText(savingsCents, currency)} (${percent}%) against the ${firstBand.label} rate` : null,
    cheaper: cheaperText(credits, priceCents, pricing, currency),
  };
}

/** A typed amount kept within the limits; what is not a number yet stays as it is, for the button to refuse. */
export function clampCredits(value: number, limits: DynamicPricing['limits']): number {
  return Math.min(limits.maximumCredits, Math.max(limits.minimumCredits, Math.round(value)));
}

/** "More credits cost less here: 2,100 credits cost $16.80, less than 2,000 credits at $17.00." */
function cheaperText(credits: number, priceCents: number, pricing: DynamicPricing, currency: string): AmountQuote['cheaper'] {
  const found = cheaperLargerAmount(credits, pricing.tiers, pricing.limits.stepCredits, pricing.limits.maximumCredits);
  if (!found) return null;
  const amount = (count: number) => `${count.toLocaleString('en-US')} credits`;
  return {
    credits: found.credits,
    text: `More credits cost less here: ${amount(found.credits)} cost ${moneyText(found.cents, currency)}, less than ${amount(credits)} at ${moneyText(priceCents, currency)}.`,
  };
}

/** What a screen reader hears for an amount on the slider: "2,500 credits, $20.00". */
export function amountValueText(credits: number, pricing: DynamicPricing, currency: string): string {
  return `${credits.toLocaleString('en-US')} credits, ${moneyText(priceInCents(credits, pricing.tiers), currency)}`;
}
