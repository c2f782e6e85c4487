/**
 * What a number of credits costs. The server charges with this and the purchase dialog shows the same figures, so
 * the price a person sees is the price they pay. Plain functions over the pricing configuration the server sends
 * (`GET /api/payments`); nothing here is a second copy of the rates.
 *
 * Money is counted in cents as whole numbers. A band's rate is a decimal number of dollars per credit (0.0085),
 * turned into millionths of a dollar once, so no floating-point product is ever rounded.
 */

/** One band of the dynamic price: every credit of an amount within [min, max] costs `pricePerCredit`. */
export interface CreditPriceTier {
  min: number;
  /** Null for the last band, which has no upper end. */
  max: number | null;
  /** Dollars per credit, e.g. 0.0085. */
  pricePerCredit: number;
  label: string;
  color: string;
}

/** One stretch of the purchase slider: slider positions [sliderMin, sliderMax] cover credits [creditMin, creditMax]. */
export interface CreditSliderRange {
  sliderMin: number;
  sliderMax: number;
  creditMin: number;
  creditMax: number;
}

const MICRO_DOLLARS_PER_DOLLAR = 1_000_000;
const MICRO_DOLLARS_PER_CENT = 10_000;

/** The band an amount falls in; amounts beyond the last band's start stay in it, amounts below the first use the first. */
export function priceTierFor(credits: number, tiers: readonly CreditPriceTier[]): CreditPriceTier {
  const found = tiers.find((tier) => credits >= tier.min && (tier.max === null || credits <= tier.max));
  if (found) return found;
  return credits < tiers[0]!.min ? tiers[0]! : tiers.at(-1)!;
}

/** The price of `credits` in cents: the band's rate applied to every credit, rounded half up to the cent. */
export function priceInCents(credits: number, tiers: readonly CreditPriceTier[]): number {
  const rateMicros = Math.round(priceTierFor(credits, tiers).pricePerCredit * MICRO_DOLLARS_PER_DOLLAR);
  return Math.floor((credits * rateMicros + MICRO_DOLLARS_PER_CENT / 2) / MICRO_DOLLARS_PER_CENT);
}

/** What buying at the amount's band saves against paying the first band's rate for the same credits, in cents. */
export function savingsInCents(credits: number, tiers: readonly CreditPriceTier[]): number {
  const firstBandPrice = Math.floor((credits * Math.round(tiers[0]!.pricePerCredit * MICRO_DOLLARS_PER_DOLLAR) + MICRO_DOLLARS_PER_CENT / 2) / MICRO_DOLLARS_PER_CENT);
  return Math.max(0, firstBandPrice - priceInCents(credits, tiers));
}

/** `1.8` → `"1.80"`: cents shown as a price with two decimals. */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The credits a slider position stands for, rounded to `step` and kept inside the ranges. */
export function creditsAtSliderPosition(position: number, ranges: readonly CreditSliderRange[], step: number): number {
  const range = ranges.find((candidate) => position <= candidate.sliderMax) ?? ranges.at(-1)!;
  const share = Math.min(1, Math.max(0, (position - range.sliderMin) / (range.sliderMax - range.sliderMin)));
  const credits = range.creditMin + share * (range.creditMax - range.creditMin);
  const stepped = Math.round(credits / step) * step;
  return Math.min(ranges.at(-1)!.creditMax, Math.max(ranges[0]!.creditMin, stepped));
}

/** The slider position that shows `credits`: the inverse of `creditsAtSliderPosition`, for amounts typed or picked. */
export function sliderPositionForCredits(credits: number, ranges: readonly CreditSliderRange[]): number {
  const range = ranges.find((candidate) => credits <= candidate.creditMax) ?? ranges.at(-1)!;
  const share = Math.min(1, Math.max(0, (credits - range.creditMin) / (range.creditMax - range.creditMin)));
  return range.sliderMin + share * (range.sliderMax - range.sliderMin);
}

/** A larger amount that costs less than the one chosen: `credits` of them for `cents`. */
export interface CheaperLargerAmount {
  credits: number;
  cents: number;
}

/**
 * Where more credits cost less. Every credit of an amount is charged its band's rate, so just past a band's start
 * a larger amount can cost less than a smaller one (2,100 credits at $0.008 cost $16.80; 2,000 at $0.0085 cost
 * $17.00). Within a band the price only grows, so the cheapest larger amount is the first buyable amount (a multiple
 * of `step`, at most `maximum`) of a later band; the first such amount cheaper than `credits` is returned, or null.
 */
export function cheaperLargerAmount(credits: number, tiers: readonly CreditPriceTier[], step: number, maximum: number): CheaperLargerAmount | null {
  const cents = priceInCents(credits, tiers);
  for (const tier of tiers) {
    if (tier.min <= credits) continue;
    const first = Math.ceil(tier.min / step) * step;
    if (first > maximum) break;
    const firstCents = priceInCents(first, tiers);
    if (firstCents < cents) return { credits: first, cents: firstCents };
  }
  return null;
}
