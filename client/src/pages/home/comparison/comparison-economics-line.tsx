import { Text } from '@mantine/core';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import { creditsText } from '../../../catalogue/model-access.ts';
import { modelNames } from '../../../catalogue/model-names.ts';
import type { RunColumn } from '../../../requests/request-state.ts';
import { comparisonEconomics, type EconomicsLeader } from './comparison-economics.ts';
import { selectionKey } from './model-selection.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Under a finished comparison: which model began first, finished first and cost least, from each answer's figures. */
export function ComparisonEconomicsLine({ columns, catalogue }: { columns: readonly RunColumn[]; catalogue: Catalogue | null }) {
  const economics = comparisonEconomics(columns, selectionKey);
  const nameOf = new Map(columns.map((column) => [selectionKey(column), modelNames(catalogue, column).model]));
  const named = (leader: EconomicsLeader) => leader.keys.map((key) => nameOf.get(key) ?? key).join(' and ');
  const parts = [
    economics.fastestStart && `First to answer: ${named(economics.fastestStart)} (${seconds(economics.fastestStart.value)})`,
    economics.fastestFinish && `First to finish: ${named(economics.fastestFinish)} (${seconds(economics.fastestFinish.value)})`,
    economics.cheapest && `Cheapest: ${named(economics.cheapest)} (${creditsText(economics.cheapest.value)})`,
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="comparison-economics">
      {parts.join(' · ')}
    </Text>
  );
}
