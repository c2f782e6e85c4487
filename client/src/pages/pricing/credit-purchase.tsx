import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DynamicPricing } from '../../../../contract/payments.ts';
import { paymentOfferQuery } from '../../api/payments-api.ts';
import { creditsText } from '../../catalogue/model-access.ts';
import { AmountQuotePanel } from '../../components/purchase-credits/amount-quote.tsx';
import { BandedCreditSlider } from '../../components/purchase-credits/banded-credit-slider.tsx';
import { PRESET_COUNT } from '../../components/purchase-credits/credit-selector.tsx';
import { amountValueText, moneyText, quoteFor } from '../../components/purchase-credits/purchase-pricing.ts';
import { priceInCents } from '../../../../contract/credit-pricing.ts';
import { CreditBandRates } from './credit-band-rates.tsx';
import { PaymentsOffNote } from './payments-off-note.tsx';

/**
 * Chooses an amount of credits and hands it to `onPurchase`, which opens the purchase dialog at it. The prices come
 * from the server's offer (`GET /api/payments`), the one the dialog and the charge use, so every amount here is
 * shown with what it costs, updated as the slider moves.
 */
export function CreditPurchase({ onPurchase }: { onPurchase(credits?: number): void }) {
  const offer = useQuery(paymentOfferQuery).data;
  if (!offer) {
    return (
      <Card withBorder radius="md" padding="lg" mih={360}>
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading prices" />
        </Group>
      </Card>
    );
  }
  if (!offer.dynamicPricingEnabled || !offer.dynamicPricing) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Text data-testid="custom-credits-unavailable">Custom credit amounts are not available right now; credits can be bought in packages.</Text>
          <Button onClick={() => onPurchase()} data-testid="purchase-button">
            See packages
          </Button>
          {!offer.paymentEnabled && <PaymentsOffNote />}
        </Stack>
      </Card>
    );
  }
  return <PricedCreditPurchase pricing={offer.dynamicPricing} currency={offer.currency} paymentEnabled={offer.paymentEnabled} onPurchase={onPurchase} />;
}

function PricedCreditPurchase({ pricing, currency, paymentEnabled, onPurchase }: { pricing: DynamicPricing; currency: string; paymentEnabled: boolean; onPurchase(credits: number): void }) {
  const [credits, setCredits] = useState<number>(pricing.limits.defaultCredits);
  const quote = quoteFor(credits, pricing, currency);
  const presets = pricing.limits.suggestedAmounts.slice(0, PRESET_COUNT);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap" aria-live="polite">
          <Text fw={600} id="purchase-amount-label">
            How many credits?
          </Text>
          <Group gap="sm" align="baseline">
            <Text fz={28} fw={700} data-testid="purchase-amount">
              {creditsText(credits)}
            </Text>
            <Text fz="xl" fw={600} data-testid="purchase-amount-price">
              {quote.priceText}
            </Text>
          </Group>
        </Group>
        <BandedCreditSlider
          pricing={pricing}
          credits={credits}
          onChange={setCredits}
          valueText={(amount) => amountValueText(amount, pricing, currency)}
          data-testid="purchase-slider"
        />
        <Group gap="xs" role="group" aria-label="Common amounts">
          {presets.map((preset) => (
            <Button key={preset} size="xs" variant={preset === credits ? 'filled' : 'default'} aria-pressed={preset === credits} onClick={() => setCredits(preset)}>
              {preset.toLocaleString('en-US')}
              <Text span size="xs" fw={400} ml={6} data-testid="preset-price">
                {moneyText(priceInCents(preset, pricing.tiers), currency)}
              </Text>
            </Button>
          ))}
        </Group>
        <AmountQuotePanel quote={quote} onPick={setCredits} />
        <CreditBandRates pricing={pricing} currency={currency} current={quote.tier.label} />
        <Text size="sm">Bought credits are added to your balance and never expire.</Text>
        <Button size="md" onClick={() => onPurchase(credits)} data-testid="purchase-button" style={{ alignSelf: 'flex-start' }}>
          Purchase {creditsText(credits)} · {quote.priceText}
        </Button>
        {!paymentEnabled && <PaymentsOffNote />}
      </Stack>
    </Card>
  );
}
