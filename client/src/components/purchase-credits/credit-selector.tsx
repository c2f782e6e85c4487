import { Badge, Button, Group, NumberInput, Paper, Slider, Stack, Text } from '@mantine/core';
import { creditsAtSliderPosition, sliderPositionForCredits } from '../../../../contract/credit-pricing.ts';
import type { DynamicPricing } from '../../../../contract/payments.ts';
import { PER_MODEL_CREDIT_CAP } from '../../../../contract/limits.ts';
import { PAYMENT_TEXTS } from '../../../../contract/payment-texts.ts';
import { quoteFor } from './purchase-pricing.ts';

/** The slider runs over 1,000 fine positions so the wide last segment still moves in small steps. */
const POSITIONS_PER_POINT = 10;
/** The dialog offers the first five suggested amounts as presets. */
const PRESET_COUNT = 5;

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
 * Step one of buying: how many credits. A slider whose five equal segments cover the five price bands, the first
 * suggested amounts as presets and a number input, all showing one amount; below it the band, the rate, the price
 * and what the amount saves against the first band's rate.
 */
export function CreditSelector({ pricing, currency, credits, onChange, onContinue, busy }: CreditSelectorProps) {
  const { limits, slider } = pricing;
  const valid = typeof credits === 'number' && credits >= limits.minimumCredits && credits <= limits.maximumCredits;
  const shown = typeof credits === 'number' ? Math.min(limits.maximumCredits, Math.max(limits.minimumCredits, credits)) : limits.minimumCredits;
  const quote = quoteFor(shown, pricing, currency);
  const toCredits = (position: number) => creditsAtSliderPosition(position / POSITIONS_PER_POINT, slider.ranges, limits.stepCredits);

  return (
    <Stack gap="md">
      <Text size="sm">
        Bought credits never expire, and buying once unlocks every model (up to {PER_MODEL_CREDIT_CAP.subscribed} credits per model in one
        request).
      </Text>
      <Slider
        min={0}
        max={100 * POSITIONS_PER_POINT}
        step={1}
        value={Math.round(sliderPositionForCredits(shown, slider.ranges) * POSITIONS_PER_POINT)}
        onChange={(position) => onChange(toCredits(position))}
        label={(position) => toCredits(position).toLocaleString('en-US')}
        marks={slider.markers.map((marker) => ({ value: marker.value * POSITIONS_PER_POINT, label: marker.label }))}
        thumbLabel="Credits to buy"
        data-testid="purchase-modal-slider"
        mb="lg"
        disabled={busy}
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
      <Paper withBorder radius="md" p="md" data-testid="purchase-quote">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm">
              Price band
            </Text>
            <Badge color={quote.tier.color} variant="light" data-testid="purchase-band">
              {quote.tier.label}
            </Badge>
          </Group>
          <Group justify="space-between">
            <Text size="sm">
              Rate per credit
            </Text>
            <Text size="sm" data-testid="purchase-rate">
              {quote.rateText}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text fw={600}>Total</Text>
            <Text fw={700} fz="xl" data-testid="purchase-price">
              {quote.priceText}
            </Text>
          </Group>
          {quote.savingsText && (
            <Text size="sm" c="teal.8" data-testid="purchase-savings">
              {quote.savingsText}
            </Text>
          )}
        </Stack>
      </Paper>
      <Button size="md" disabled={!valid} loading={busy} onClick={() => valid && onContinue(credits)} data-testid="purchase-continue">
        {valid ? `Continue to payment · ${quote.priceText}` : PAYMENT_TEXTS.selectAtLeast(limits.minimumCredits)}
      </Button>
    </Stack>
  );
}
