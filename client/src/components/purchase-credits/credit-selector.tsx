import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { DynamicPricing } from '../../../../contract/payments.ts';
import { PER_MODEL_CREDIT_CAP } from '../../../../contract/limits.ts';
import { PAYMENT_TEXTS } from '../../../../contract/payment-texts.ts';
import { AmountQuotePanel } from './amount-quote.tsx';
import { BandedCreditSlider } from './banded-credit-slider.tsx';
import { amountValueText, quoteFor } from './purchase-pricing.ts';

/** The dialog offers the first five suggested amounts as presets. */
export const PRESET_COUNT = 5;

interface CreditSelectorProps {
  pricing: DynamicPricing;
  currency: string;
  /** What the number input holds: a number, or '' while the person is typing. */
  credits: number | '';
  onChange(credits: number | ''): void;
  onContinue(credits: number): void;
  busy: boolean;
}

/**
 * Step one of buying: how many credits. The banded slider, the first suggested amounts as presets and a number
 * input, all showing one amount; below it the band, the rate, the price and what the amount saves.
 */
export function CreditSelector({ pricing, currency, credits, onChange, onContinue, busy }: CreditSelectorProps) {
  const { limits } = pricing;
  const valid = typeof credits === 'number' && credits >= limits.minimumCredits && credits <= limits.maximumCredits;
  const shown = typeof credits === 'number' ? Math.min(limits.maximumCredits, Math.max(limits.minimumCredits, credits)) : limits.minimumCredits;
  const quote = quoteFor(shown, pricing, currency);
  // Over the maximum the button says the maximum; under the minimum (or empty), the minimum.
  const refusal = typeof credits === 'number' && credits > limits.maximumCredits ? PAYMENT_TEXTS.selectAtMost(limits.maximumCredits) : PAYMENT_TEXTS.selectAtLeast(limits.minimumCredits);

  return (
    <Stack gap="md">
      <Text size="sm">
        Bought credits never expire, and buying once unlocks every model (up to {PER_MODEL_CREDIT_CAP.subscribed} credits per model in one
        request).
      </Text>
      <BandedCreditSlider
        pricing={pricing}
        credits={shown}
        onChange={onChange}
        valueText={(amount) => amountValueText(amount, pricing, currency)}
        disabled={busy}
        data-testid="purchase-modal-slider"
      />
      <Group gap="xs" role="group" aria-label="Suggested amounts">
        {limits.suggestedAmounts.slice(0, PRESET_COUNT).map((amount) => (
          <Button key={amount} size="xs" variant={amount === credits ? 'filled' : 'default'} aria-pressed={amount === credits} onClick={() => onChange(amount)} disabled={busy}>
            {amount.toLocaleString('en-US')}
          </Button>
        ))}
      </Group>
      <NumberInput
        label="Credits"
        value={credits}
        onChange={(value) => onChange(typeof value === 'number' ? value : value === '' ? '' : Number(value))}
        min={limits.minimumCredits}
        max={limits.maximumCredits}
        step={limits.stepCredits}
        clampBehavior="blur"
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        disabled={busy}
        data-testid="purchase-credits-input"
      />
      <AmountQuotePanel quote={quote} onPick={onChange} disabled={busy} />
      <Button size="md" disabled={!valid} loading={busy} onClick={() => valid && onContinue(credits)} data-testid="purchase-continue">
        {valid ? `Continue to payment · ${quote.priceText}` : refusal}
      </Button>
    </Stack>
  );
}
