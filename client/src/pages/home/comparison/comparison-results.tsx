import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import { creditsText } from '../../../catalogue/model-access.ts';
import { NewRequestButton } from '../../../components/new-request-button/new-request-button.tsx';
import { isOpen, totalCreditsUsed, type RequestState, type RunColumn } from '../../../requests/request-state.ts';
import { ComparisonColumnCard } from './comparison-column-card.tsx';
import { modelNames, selectionKey } from './model-selection.ts';

export interface ComparisonResultsProps {
  state: RequestState;
  catalogue: Catalogue | null;
  onRetry(column: RunColumn): void;
  onStop(column: RunColumn): void;
  onStopAll(): void;
  onNewComparison(): void;
}

/** The results grid: one column per model, the total spent, Stop all while any answers, New Comparison at the end. */
export function ComparisonResults({ state, catalogue, onRetry, onStop, onStopAll, onNewComparison }: ComparisonResultsProps) {
  const open = state.columns.filter(isOpen);
  const finished = state.columns.length - open.length;
  const showNewComparison = state.status === 'finished' && open.length === 0;
  const stoppingAll = open.length > 0 && open.every((column) => column.stopping);

  return (
    <Stack gap="md" component="section" aria-labelledby="comparison-results-title" data-testid="comparison-results">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="sm" align="baseline" wrap="wrap">
          <Title order={2} size="h4" id="comparison-results-title">
            Results
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="finished-count">
            {finished} of {state.columns.length} finished
          </Text>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={500} data-testid="total-credits">
            Total credits used: {creditsText(totalCreditsUsed(state))}
          </Text>
          {open.length > 0 && (
            <Button size="compact-sm" variant="default" onClick={onStopAll} loading={stoppingAll} disabled={stoppingAll} data-testid="stop-all">
              Stop all
            </Button>
          )}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {state.columns.map((column) => {
          const names = modelNames(catalogue, column);
          return (
            <ComparisonColumnCard
              key={selectionKey(column)}
              column={column}
              engineName={names.engine}
              modelName={names.model}
              onRetry={onRetry}
              onStop={onStop}
            />
          );
        })}
      </SimpleGrid>

      {showNewComparison && <NewRequestButton label="New Comparison" onClick={onNewComparison} testId="new-comparison" align="center" />}
    </Stack>
  );
}
