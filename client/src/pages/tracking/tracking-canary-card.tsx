import { Badge, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CANARY_DRIFT_FLOOR, CANARY_DRIFT_MARGIN, type CanaryPoint } from '../../../../contract/tracking-canary.ts';
import type { TrackingSet } from '../../../../contract/tracking.ts';
import { messageOf } from '../../api/http-client.ts';
import { trackingCanaryQuery } from '../../api/tracking-api.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { whenText } from './tracking-format.ts';

const overlapText = (value: number | null) => (value === null ? '–' : `${value}%`);

/** The latest run of a model that could be compared with the one before it. */
const latestCompared = (points: readonly CanaryPoint[]) => points.findLast((point) => point.similarity !== null);

/**
 * How steadily each model answers the set's canary prompts: the word overlap of its latest canary answers with the
 * run before, against its usual overlap. A model marked "Changed" answered everything differently that run, so a
 * move in the brand's numbers then may be the model's doing. Shown only for a set with canary prompts.
 */
export function TrackingCanaryCard({ set }: { set: TrackingSet }) {
  const nameOf = useDisplayNames();
  const enabled = (set.canaryPrompts?.length ?? 0) > 0;
  const canary = useQuery({ ...trackingCanaryQuery(set.id), enabled });
  if (!enabled) return null;
  const rows = (canary.data?.canary.models ?? []).map((series) => ({ ...series, latest: latestCompared(series.points) }));
  return (
    <Paper withBorder p="md" radius="md" data-testid="tracking-canary">
      <Title order={3} size="h5">
        Canary prompts: are the models themselves changing?
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        How much of each model&rsquo;s wording on {set.canaryPrompts?.length === 1 ? 'the canary question' : `the ${set.canaryPrompts?.length} canary questions`} carried over from the run before. A run
        counts as changed when it falls {CANARY_DRIFT_MARGIN} points below the model&rsquo;s usual overlap (or under {CANARY_DRIFT_FLOOR}% until it has one): a move in
        the brand&rsquo;s numbers that run may be the model&rsquo;s doing.
      </Text>
      {canary.isError ? (
        <Text size="sm" c="red">
          {messageOf(canary.error, 'Could not load the canary readings.')}
        </Text>
      ) : rows.every((row) => row.latest === undefined) ? (
        <Text size="sm" c="dimmed">
          {canary.isPending ? 'Loading…' : 'Two completed runs are needed before canary answers can be compared.'}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table miw={560} data-testid="tracking-canary-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Model</Table.Th>
                <Table.Th>Latest compared run</Table.Th>
                <Table.Th>Overlap</Table.Th>
                <Table.Th>Usual</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ engine, model, latest }) => {
                const names = nameOf({ engine, model });
                return (
                  <Table.Tr key={`${engine}/${model}`} data-testid="tracking-canary-row">
                    <Table.Td>{`${names.engine} - ${names.model}`}</Table.Td>
                    <Table.Td>{latest ? whenText(latest.slotStart) : '–'}</Table.Td>
                    <Table.Td>{overlapText(latest?.similarity ?? null)}</Table.Td>
                    <Table.Td>{overlapText(latest?.usual ?? null)}</Table.Td>
                    <Table.Td>
                      {latest ? (
                        <Badge variant="filled" color={latest.changed ? 'orange' : 'green'} autoContrast>
                          {latest.changed ? 'Changed' : 'Steady'}
                        </Badge>
                      ) : (
                        '–'
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
