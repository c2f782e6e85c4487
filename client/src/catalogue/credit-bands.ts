/**
 * How the pricing page groups models by what one answer costs. The bands describe prices; they grant nothing
 * (access depends on the tier's per-model cap and a model's free flag, see `catalogue/model-access.ts`).
 */
export type CreditBand = 'Premium' | 'Balanced' | 'Budget';

export const PREMIUM_MIN_CREDITS = 12;
export const BALANCED_MIN_CREDITS = 6;

export interface CreditBandInfo {
  band: CreditBand;
  /** The band's range in words, built from the thresholds above. */
  range: string;
  colour: string;
  summary: string;
}

export const CREDIT_BANDS: readonly CreditBandInfo[] = [
  {
    band: 'Premium',
    range: `${PREMIUM_MIN_CREDITS} credits and above`,
    colour: 'grape',
    summary: 'The most capable models: deep reasoning, long careful answers, the hardest questions.',
  },
  {
    band: 'Balanced',
    range: `${BALANCED_MIN_CREDITS}–${PREMIUM_MIN_CREDITS - 1} credits`,
    colour: 'blue',
    summary: 'Strong everyday models: good quality at a moderate price, the right default for most questions.',
  },
  {
    band: 'Budget',
    range: `below ${BALANCED_MIN_CREDITS} credits`,
    colour: 'teal',
    summary: 'Fast, inexpensive models for quick facts, drafts and comparing many answers cheaply.',
  },
];

export function creditBandOf(credits: number): CreditBandInfo {
  const band: CreditBand = credits >= PREMIUM_MIN_CREDITS ? 'Premium' : credits >= BALANCED_MIN_CREDITS ? 'Balanced' : 'Budget';
  return CREDIT_BANDS.find((info) => info.band === band)!;
}
