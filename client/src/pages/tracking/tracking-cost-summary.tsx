import { Paper, Text } from '@mantine/core';
import type { CostPreview } from '../../../../contract/tracking.ts';
import { creditsText } from './tracking-format.ts';

/** What a prompt set will cost per run, week and month, once it has prompts and models. */
export function TrackingCostSummary(props: { prompts: number; models: number; samples: number; canaries?: number; cost: CostPreview | undefined }) {
  const { prompts, models, samples, canaries = 0, cost } = props;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="tracking-cost" aria-live="polite">
      {models === 0 || prompts === 0 ? (
        <Text size="sm" c="dimmed">
          Add prompts and models to see what this set costs.
        </Text>
      ) : cost ? (
        <Text size="sm">
          At most <b>{creditsText(cost.perRun)}</b> per run ({prompts} prompts × {models} models × {samples}{' '}
          {samples === 1 ? 'sample' : 'samples'}
          {canaries > 0 && cost.canaryPerRun ? `, of which ${creditsText(cost.canaryPerRun)} for ${canaries} canary ${canaries === 1 ? 'prompt' : 'prompts'} asked once` : ''}) ·{' '}
          <b>{creditsText(cost.perWeek)}</b> a week ·{' '}
          <b>{creditsText(cost.perMonth)}</b> a month. Failed answers are free.
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Working out the cost…
        </Text>
      )}
    </Paper>
  );
}
