// Badges here keep the page's text colour on their tinted background: the tinted text Mantine uses reads below 4.5:1.
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Catalogue, CatalogueModel } from '../../api/catalogue-api.ts';
import { creditsText, modelLock } from '../../catalogue/model-access.ts';
import { LockIcon } from '../../components/lock-icon/lock-icon.tsx';
import { creditBandOf } from '../../catalogue/credit-bands.ts';

/** Who may use the model: guests ("Free"), an account ("Register"), or a subscription ("Subscribe"). */
function AccessHint({ model }: { model: CatalogueModel }) {
  if (modelLock('free', model) === null) {
    return (
      <Badge variant="light" c="var(--mantine-color-text)" color="green" size="sm">
        Free
      </Badge>
    );
  }
  const needsSubscription = modelLock('registered', model) !== null;
  return (
    <Badge variant="light" c="var(--mantine-color-text)" color="gray" size="sm" leftSection={<LockIcon />}>
      {needsSubscription ? 'Subscribe' : 'Register'}
    </Badge>
  );
}

function ModelCostRow({ model }: { model: CatalogueModel }) {
  const band = creditBandOf(model.credits);
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" py={6} data-testid="model-cost" data-model={model.id} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {model.name}
      </Text>
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Badge variant="light" c="var(--mantine-color-text)" color={band.colour} size="sm">
          {band.band}
        </Badge>
        <AccessHint model={model} />
        <Text size="sm" fw={600} w={78} ta="right" data-testid="model-credits">
          {creditsText(model.credits)}
        </Text>
      </Group>
    </Group>
  );
}

/** Every engine's models with their price, band and who may use them, straight from the live catalogue. */
export function ModelCosts({ catalogue }: { catalogue: Catalogue }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
      {Object.entries(catalogue.models).map(([engineId, engine]) => (
        <Card key={engineId} withBorder radius="md" padding="md" data-testid="provider-costs" data-engine={engineId}>
          <Stack gap={4}>
            <Group justify="space-between" mb={4}>
              <Title order={3} size="h5">
                {engine.name}
              </Title>
              {!engine.available && (
                <Text size="xs" c="dimmed">
                  Not offered on this server
                </Text>
              )}
            </Group>
            {engine.models.map((model) => (
              <ModelCostRow key={model.id} model={model} />
            ))}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
