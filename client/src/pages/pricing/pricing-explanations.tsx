import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Catalogue } from '../../api/catalogue-api.ts';
import { creditsText } from '../../catalogue/model-access.ts';
import { CREDIT_BANDS } from '../../catalogue/credit-bands.ts';

/** The three price bands with their ranges: the key to the badges in the model list. */
export function PricingTiersLegend() {
  return (
    <Group gap="md" wrap="wrap" data-testid="pricing-tiers-legend">
      {CREDIT_BANDS.map((info) => (
        <Group key={info.band} gap={6} wrap="nowrap">
          <Badge variant="light" c="var(--mantine-color-text)" color={info.colour}>
            {info.band}
          </Badge>
          <Text size="sm">{info.range}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** What the bands mean for someone choosing a model. */
export function ModelTiersExplained() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {CREDIT_BANDS.map((info) => (
        <Card key={info.band} withBorder radius="md" padding="md">
          <Stack gap={6}>
            <Group gap="xs">
              <Badge variant="light" c="var(--mantine-color-text)" color={info.colour}>
                {info.band}
              </Badge>
              <Text size="sm" c="dimmed">
                {info.range}
              </Text>
            </Group>
            <Text size="sm">{info.summary}</Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Extras on top of a model's price. */
export function AdditionalFeatures({ catalogue }: { catalogue: Catalogue }) {
  const features = [
    { name: 'Web search', price: `+${creditsText(catalogue.features.webSearch)} per model`, detail: 'The model reads current pages from the web and cites them.' },
    { name: 'Streaming answers', price: 'Free', detail: 'Watch every answer appear as it is written.' },
    {
      name: 'Brand monitoring',
      price: 'Free',
      detail: 'See how each answer mentions your brand and its competitors.',
      // The operator pays for the judge model: it never costs the asker credits.
      note: catalogue.features.brandJudgeModel ? `Judge model (${catalogue.features.brandJudgeModel}): included` : undefined,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {features.map((feature) => (
        <Card key={feature.name} withBorder radius="md" padding="md" data-testid="feature-cost">
          <Stack gap={4}>
            <Title order={3} size="h5">
              {feature.name}
            </Title>
            <Text fw={700} data-testid="feature-price">
              {feature.price}
            </Text>
            <Text size="sm" c="dimmed">
              {feature.detail}
            </Text>
            {'note' in feature && feature.note && (
              <Text size="sm" fw={600} data-testid="brand-judge-included">
                {feature.note}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The rules of charging, with the highest price taken from the catalogue. */
export function ImportantNotes({ catalogue }: { catalogue: Catalogue }) {
  const prices = Object.values(catalogue.models).flatMap((engine) => engine.models.map((model) => model.credits));
  const highest = prices.length > 0 ? Math.max(...prices) : 0;
  return (
    <Card withBorder radius="md" padding="lg">
      <List size="sm" spacing={6} data-testid="important-notes">
        <List.Item>Credits never expire.</List.Item>
        <List.Item>Failed requests cost nothing: you are charged only when a model finishes its answer.</List.Item>
        <List.Item>Stopping an answer before it finishes costs nothing either.</List.Item>
        <List.Item>
          A request costs at most {creditsText(highest)} per model, plus {creditsText(catalogue.features.webSearch)} per model with web search, and
          what a long conversation adds (see Long Conversations).
        </List.Item>
        <List.Item>A comparison charges each model that answers its own price; one model failing does not affect the others.</List.Item>
        <List.Item>Prices can change; the price shown when you ask is the price you pay.</List.Item>
      </List>
    </Card>
  );
}
