import { Button, Card, Group, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { creditsText } from '../../catalogue/model-access.ts';

export const PURCHASE_MIN_CREDITS = 100;
export const PURCHASE_MAX_CREDITS = 50_000;
export const PURCHASE_STEP_CREDITS = 100;
export const PURCHASE_PRESETS = [100, 200, 500, 1000, 2500] as const;

/** Chooses an amount of credits and hands it to `onPurchase`, which decides what buying means today. */
export function CreditPurchase({ onPurchase }: { onPurchase(credits: number): void }) {
  const [credits, setCredits] = useState<number>(PURCHASE_PRESETS[0]);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Text fw={600} id="purchase-amount-label">
            How many credits?
          </Text>
          <Text fz={28} fw={700} data-testid="purchase-amount" aria-live="polite">
            {creditsText(credits)}
          </Text>
        </Group>
        <Slider
          min={PURCHASE_MIN_CREDITS}
          max={PURCHASE_MAX_CREDITS}
          step={PURCHASE_STEP_CREDITS}
          value={credits}
          onChange={setCredits}
          label={(value) => value.toLocaleString('en-US')}
          thumbLabel="Credits to buy"
          data-testid="purchase-slider"
          marks={[
            { value: PURCHASE_MIN_CREDITS, label: PURCHASE_MIN_CREDITS.toLocaleString('en-US') },
            { value: PURCHASE_MAX_CREDITS, label: PURCHASE_MAX_CREDITS.toLocaleString('en-US') },
          ]}
          mb="lg"
        />
        <Group gap="xs" role="group" aria-label="Common amounts">
          {PURCHASE_PRESETS.map((preset) => (
            <Button
              key={preset}
              size="xs"
              variant={preset === credits ? 'filled' : 'default'}
              aria-pressed={preset === credits}
              onClick={() => setCredits(preset)}
            >
              {preset.toLocaleString('en-US')}
            </Button>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          Bought credits are added to your balance and never expire.
        </Text>
        <Button size="md" onClick={() => onPurchase(credits)} data-testid="purchase-button" style={{ alignSelf: 'flex-start' }}>
          Purchase {creditsText(credits)}
        </Button>
      </Stack>
    </Card>
  );
}
