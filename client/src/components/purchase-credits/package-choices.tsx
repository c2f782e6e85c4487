import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PaymentPackage } from '../../../../contract/payments.ts';
import { moneyText } from './purchase-pricing.ts';

/** Fixed packages, each with its own price; choosing one goes straight to payment. */
export function PackageChoices({ packages, onChoose, busy }: { packages: PaymentPackage[]; onChoose(pack: PaymentPackage): void; busy: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(3, packages.length) }} spacing="sm">
      {packages.map((pack) => (
        <Card key={pack.id} withBorder radius="md" padding="md" data-testid={`package-${pack.id}`}>
          <Stack gap="xs" h="100%">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{pack.name}</Text>
              {pack.popular && (
                <Badge color="grape" variant="light">
                  Popular
                </Badge>
              )}
            </Group>
            <div>
              <Text fz="lg" fw={700}>
                {pack.credits.toLocaleString('en-US')} credits
              </Text>
              <Text fw={600}>{moneyText(Math.round(pack.price * 100), pack.currency)}</Text>
            </div>
            <Text size="sm">
              {pack.description}
            </Text>
            <List size="sm" spacing={2} style={{ flex: 1 }}>
              {pack.features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
            <Button variant={pack.popular ? 'filled' : 'default'} onClick={() => onChoose(pack)} disabled={busy}>
              Choose {pack.name}
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
