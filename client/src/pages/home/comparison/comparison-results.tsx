import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import type { ModelPair } from '../../../api/compare-contract.ts';
import { creditsText } from '../../../catalogue/model-access.ts';
import { ComparisonColumnCard } from './comparison-column-card.tsx';
import { isOpen, totalCreditsUsed, type ComparisonState } from './comparison-state.ts';
import { modelNames, selectionKey } from './model-selection.ts';

export interface ComparisonResultsProps {
  state: ComparisonState;
  catalogue: Catalogue | null;
  onRetry(column: ModelPair): void;
  onNewComparison(): void;
}

/** The results grid: one column per model, the total spent, and New Comparison once every model has finished. */
export function ComparisonResults({ state, catalogue, onRetry, onNewComparison }: ComparisonResultsProps) {
  const finished = state.columns.filter((column) => !isOpen(column)).length;
  const showNewComparison = state.status === 'finished' && finished === state.columns.length;

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
        <Text size="sm" fw={500} data-testid="total-credits">
          Total credits used: {creditsText(totalCreditsUsed(state))}
        </Text>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {state.columns.map((column) => {
          const names = modelNames(catalogue, column);
          return (
            <ComparisonColumnCard key={selectionKey(column)} column={column} engineName={names.engine} modelName={names.model} onRetry={onRetry} />
          );
        })}
      </SimpleGrid>

      {showNewComparison && (
        <Group justify="center">
          <Button variant="light" onClick={onNewComparison} data-testid="new-comparison">
            New Comparison
          </Button>
        </Group>
      )}
    </Stack>
  );
}
