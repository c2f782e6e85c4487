import { BALANCED_MIN_CREDITS, creditBand, PREMIUM_MIN_CREDITS, type CreditBand } from '../../../contract/tier-rules.ts';

/**
 * How the pricing page presents the cost bands (the thresholds, and the rule that only Budget models are ever the
 * free tier's, live in `contract/tier-rules.ts`): each band's range in words, colour and summary.
 */
export type { CreditBand };
export { BALANCED_MIN_CREDITS, PREMIUM_MIN_CREDITS };

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
  const band = creditBand(credits);
  return CREDIT_BANDS.find((info) => info.band === band)!;
}
