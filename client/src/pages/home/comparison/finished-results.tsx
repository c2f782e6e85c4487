import { List, Stack, Text, Title } from '@mantine/core';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import { creditsText } from '../../../catalogue/model-access.ts';
import { isOpen, type RunColumn } from '../../../requests/request-state.ts';
import { runErrorText, STOPPED_TEXT } from '../../../requests/run-outcome-text.ts';
import { modelNames } from '../../../catalogue/model-names.ts';
import { checklistLabel } from './model-selection.ts';

/** How a finished column ended, in a few words. */
function outcomeText(column: RunColumn): string {
  if (column.phase === 'stopped') return STOPPED_TEXT;
  if (column.phase === 'error') return runErrorText(column.result?.error);
  return `Completed · ${creditsText(column.result?.creditsUsed ?? 0)}`;
}

/**
 * The list of finished results under the grid: each model that is done, in
 * the grid's order, named "engine - model", with how it ended and what it cost. Read at a glance on a phone,
 * where the grid shows one answer at a time.
 */
export function FinishedResults({ columns, catalogue }: { columns: readonly RunColumn[]; catalogue: Catalogue | null }) {
  const finished = columns.filter((column) => !isOpen(column));
  if (finished.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby="finished-results-title" data-testid="finished-results">
      <Title order={3} size="h6" id="finished-results-title">
        Finished results
      </Title>
      <List size="sm" spacing={2}>
        {finished.map((column) => (
          <List.Item key={`${column.engine}/${column.model}`} data-testid="finished-result" data-state={column.phase}>
            <Text span inherit fw={500}>
              {checklistLabel(modelNames(catalogue, column))}
            </Text>
            <Text span inherit c={column.phase === 'error' ? 'red' : undefined}>
              {' '}
              — {outcomeText(column)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
