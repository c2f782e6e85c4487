import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { AmountQuote } from './purchase-pricing.ts';

/**
 * What an amount costs, as the pricing page and the purchase dialog both show it: the band, the rate per credit, the
 * total, the saving against the first band and, where a larger amount costs less, that amount with a way to pick it.
 */
export function AmountQuotePanel({ quote, onPick, disabled }: { quote: AmountQuote; onPick(credits: number): void; disabled?: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="purchase-quote">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm">Price band</Text>
          <Badge color={quote.tier.color} variant="light" data-testid="purchase-band">
            {quote.tier.label}
          </Badge>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Rate per credit</Text>
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
          <Text size="sm" fw={600} data-testid="purchase-savings">
            {quote.savingsText}
          </Text>
        )}
        {quote.cheaper && (
          <Text size="sm" data-testid="purchase-cheaper">
            {quote.cheaper.text}{' '}
            {!disabled && (
              <Anchor component="button" type="button" size="sm" underline="always" onClick={() => onPick(quote.cheaper!.credits)}>
                Choose {quote.cheaper.credits.toLocaleString('en-US')} credits
              </Anchor>
            )}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
