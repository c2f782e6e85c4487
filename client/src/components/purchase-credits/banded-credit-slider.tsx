import { Slider } from '@mantine/core';
import { creditsAtSliderPosition, sliderPositionForCredits } from '../../../../contract/credit-pricing.ts';
import type { DynamicPricing } from '../../../../contract/payments.ts';

/** The slider runs over 1,000 fine positions so the wide last segment still moves in small steps. */
const POSITIONS_PER_POINT = 10;

interface BandedCreditSliderProps {
  pricing: DynamicPricing;
  credits: number;
  onChange(credits: number): void;
  /** What a screen reader hears for an amount, e.g. "2,500 credits, $20.00". */
  valueText(credits: number): string;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * The credit slider of the pricing page and the purchase dialog: five equal segments, one per price band, each
 * covering its band's credits (100–200, 200–500, 500–2K, 2K–10K, 10K–50K), so small amounts get as much room as
 * large ones. The thumb reports credits, not positions; an arrow key always moves at least one step of credits,
 * even where a position is worth less than a step (the first segment).
 */
export function BandedCreditSlider({ pricing, credits, onChange, valueText, disabled, 'data-testid': testId }: BandedCreditSliderProps) {
  const { limits, slider } = pricing;
  const position = Math.round(sliderPositionForCredits(credits, slider.ranges) * POSITIONS_PER_POINT);
  const toCredits = (at: number) => creditsAtSliderPosition(at / POSITIONS_PER_POINT, slider.ranges, limits.stepCredits);

  const move = (next: number) => {
    let chosen = toCredits(next);
    if (chosen === credits && next !== position) {
      const stepped = credits + Math.sign(next - position) * limits.stepCredits;
      chosen = Math.min(limits.maximumCredits, Math.max(limits.minimumCredits, stepped));
    }
    if (chosen !== credits) onChange(chosen);
  };

  return (
    <Slider
      min={0}
      max={100 * POSITIONS_PER_POINT}
      step={1}
      value={position}
      onChange={move}
      scale={toCredits}
      label={(value) => value.toLocaleString('en-US')}
      marks={slider.markers.map((marker) => ({ value: marker.value * POSITIONS_PER_POINT, label: marker.label }))}
      thumbLabel="Credits to buy"
      thumbValueText={valueText}
      data-testid={testId}
      mb="lg"
      disabled={disabled}
    />
  );
}
