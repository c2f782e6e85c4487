import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TrackingSet } from '../../../../contract/tracking.ts';
import { creditsText, percentText, positionText, sentimentText, whenText } from './tracking-format.ts';

function Measure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** One set in the list: its state, its latest numbers, what it costs, and what can be done with it. */
export function TrackingSetCard({
  set,
  selected,
  busy,
  onOpen,
  onToggle,
  onEdit,
  onDelete,
}: {
  set: TrackingSet;
  selected: boolean;
  busy: boolean;
  onOpen(): void;
  onToggle(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const summary = set.lastRun?.summary;
  return (
    <Paper withBorder p="md" radius="md" data-testid="tracking-set" style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {set.name}
            </Title>
            <Text size="sm" c="dimmed">
              {set.brand.brandName}
              {set.brand.competitors?.length ? ` vs ${set.brand.competitors.join(', ')}` : ''} · {set.prompts.length} prompts × {set.models.length} models ·{' '}
              {set.cadence}
            </Text>
          </div>
          <Badge color={set.status === 'active' ? 'green' : 'red.8'} variant="filled" autoContrast style={{ flexShrink: 0 }} data-testid="tracking-set-status">
            {set.status}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
          <Measure label="Visibility" value={percentText(summary?.visibility ?? null)} />
          <Measure label="Share of voice" value={percentText(summary?.shareOfVoice ?? null)} />
          <Measure label="Avg. position" value={positionText(summary?.averagePosition ?? null)} />
          <Measure label="Sentiment" value={sentimentText(summary?.sentiment ?? null)} />
          <Measure label="Last run" value={set.lastRun ? `${whenText(set.lastRun.startedAt)} (${set.lastRun.status})` : 'starting'} />
        </SimpleGrid>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            At most {creditsText(set.cost.perRun)} a run · {creditsText(set.cost.perMonth)} a month
          </Text>
          <Group gap="xs">
            <Button size="compact-sm" variant="default" loading={busy} onClick={onToggle} data-testid="tracking-toggle">
              {set.status === 'active' ? 'Pause' : 'Resume'}
            </Button>
            <Button size="compact-sm" variant={selected ? 'filled' : 'light'} onClick={onOpen} data-testid="tracking-open">
              Dashboard
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={onEdit} data-testid="tracking-edit">
              Edit
            </Button>
            <Button size="compact-sm" variant="subtle" component="a" href={`/api/tracking/sets/${set.id}/results.csv`} download data-testid="tracking-export">
              Export CSV
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} data-testid="tracking-delete">
              Delete
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
