import { Badge, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { SURFACE_LABELS, type ModelChange, type TrackingSurface } from '../../../../contract/tracking.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { whenText } from './tracking-format.ts';

/** Which surface the dashboard reads. Surfaces are never averaged together, so one is always picked. */
export function SurfacePicker({ surfaces, value, onChange }: { surfaces: TrackingSurface[]; value: TrackingSurface; onChange(surface: TrackingSurface): void }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id="tracking-surface-label">
        Surface
      </Text>
      <SegmentedControl
        aria-labelledby="tracking-surface-label"
        data-testid="surface-filter"
        value={value}
        onChange={(next) => onChange(next as TrackingSurface)}
        data={surfaces.map((surface) => ({ value: surface, label: SURFACE_LABELS[surface] }))}
        fullWidth
        style={{ maxWidth: 560 }}
      />
    </Stack>
  );
}

/** The model version changes the charts mark: when, which model, and from which version to which. */
export function ModelChangesList({ changes }: { changes: readonly ModelChange[] }) {
  const nameOf = useDisplayNames();
  return (
    <Paper withBorder p="md" radius="md" data-testid="model-changes">
      <Title order={3} size="h5" mb={4}>
        Model changes
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        The provider reported a new version; the lines break at the dashed marker, because before and after are different models.
      </Text>
      <Stack gap={6}>
        {changes.map((change) => {
          const names = nameOf(change);
          return (
            <Group key={`${change.runId}-${change.engine}-${change.model}`} gap="xs" wrap="wrap" data-testid="model-change">
              <Text size="sm" c="dimmed" miw={110}>
                {whenText(change.startedAt)}
              </Text>
              <Badge variant="light" tt="none" c="var(--mantine-color-text)">
                {`${names.engine} - ${names.model}`}
              </Badge>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {change.from} → {change.to}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
