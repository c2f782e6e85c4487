import { Table, Text } from '@mantine/core';
import type { DynamicPricing } from '../../../../contract/payments.ts';
import { rateText } from '../../components/purchase-credits/purchase-pricing.ts';

/** Each price band with its amounts and its rate per credit; the band of the amount chosen above is marked. */
export function CreditBandRates({ pricing, currency, current }: { pricing: DynamicPricing; currency: string; current: string }) {
  const range = (min: number, max: number | null) =>
    max === null ? `${min.toLocaleString('en-US')}–${pricing.limits.maximumCredits.toLocaleString('en-US')}` : `${min.toLocaleString('en-US')}–${max.toLocaleString('en-US')}`;
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table verticalSpacing={4} fz="sm" data-testid="credit-band-rates">
        <Table.Caption>Every credit of an amount is charged its band’s rate, so just past the start of a band more credits can cost less.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Band</Table.Th>
            <Table.Th scope="col">Credits</Table.Th>
            <Table.Th scope="col" ta="right">
              Per credit
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pricing.tiers.map((tier) => (
            <Table.Tr key={tier.label} aria-current={tier.label === current ? 'true' : undefined} fw={tier.label === current ? 700 : undefined} data-testid="credit-band-rate">
              <Table.Td>
                <Text span inherit>
                  {tier.label}
                </Text>
              </Table.Td>
              <Table.Td>{range(tier.min, tier.max)}</Table.Td>
              <Table.Td ta="right">{rateText(tier.pricePerCredit, currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
