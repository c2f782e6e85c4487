import { Badge, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { GUEST_GRANT, MAX_COMPARED_MODELS, PER_MODEL_CREDIT_CAP, REGISTERED_GRANT } from '../../../../contract/limits.ts';
import { creditsText } from '../../catalogue/model-access.ts';

interface TierCardProps {
  name: string;
  credits: string;
  grantNote: string;
  perModelCap: number;
  allowed: string[];
  notAllowed?: string[];
  highlighted?: boolean;
}

function TierCard({ name, credits, grantNote, perModelCap, allowed, notAllowed = [], highlighted = false }: TierCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`tier-card-${name.toLowerCase()}`} style={highlighted ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {name}
        </Title>
        <div>
          <Text fz={28} fw={700} lh={1.2}>
            {credits}
          </Text>
          <Text size="sm" c="dimmed">
            {grantNote}
          </Text>
        </div>
        <Badge variant="light" c="var(--mantine-color-text)" size="lg" style={{ alignSelf: 'flex-start' }}>
          Up to {creditsText(perModelCap)} per model
        </Badge>
        <List size="sm" spacing={4}>
          {allowed.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        {notAllowed.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              Not included
            </Text>
            <List size="sm" spacing={4} c="dimmed">
              {notAllowed.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Free, Registered and Subscribed: what each is given and may do, from the product's limits. */
export function TierCards({ freeModelCount }: { freeModelCount: number | null }) {
  const freeModels = freeModelCount === null ? 'Models marked free' : `${freeModelCount} models marked free`;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <TierCard
        name="Free"
        credits={creditsText(GUEST_GRANT)}
        grantNote="Once per network, no account needed"
        perModelCap={PER_MODEL_CREDIT_CAP.free}
        allowed={[freeModels, 'One model per question', 'Streaming answers']}
        notAllowed={['Web search', 'Comparing models side by side', 'Brand monitoring', 'Premium models']}
      />
      <TierCard
        name="Registered"
        credits={creditsText(REGISTERED_GRANT)}
        grantNote="Once, when you verify your email address"
        perModelCap={PER_MODEL_CREDIT_CAP.registered}
        allowed={[
          'Every model in the catalogue',
          `Compare up to ${MAX_COMPARED_MODELS} models at once`,
          'Web search',
          'Brand monitoring',
          'Your question history',
        ]}
        highlighted
      />
      <TierCard
        name="Subscribed"
        // Spec section 6's words: the registration grant, with whatever is bought added on top.
        credits={`${REGISTERED_GRANT} plus purchased`}
        grantNote={`The ${creditsText(REGISTERED_GRANT)} from signing up, plus every credit you buy`}
        perModelCap={PER_MODEL_CREDIT_CAP.subscribed}
        allowed={['Everything Registered includes', 'The highest per-model limit, for the most expensive models', 'Top up whenever you like']}
      />
    </SimpleGrid>
  );
}
