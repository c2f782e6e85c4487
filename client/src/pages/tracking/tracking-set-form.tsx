import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { CANARY_LIMITS, TRACKING_LIMITS, type TrackingSet } from '../../../../contract/tracking.ts';
import { messageOf } from '../../api/http-client.ts';
import { recentBrandsQuery } from '../../api/brand-api.ts';
import { costPreviewQuery, createTrackingSet, trackingQueryKeys, updateTrackingSet } from '../../api/tracking-api.ts';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { AiOverviewSettings } from '../../components/ai-overview-settings/ai-overview-settings.tsx';
import { TrackingCostSummary } from './tracking-cost-summary.tsx';
import { TrackingCanaryFields, TrackingScheduleFields, TrackingSetFields } from './tracking-set-fields.tsx';
import { TrackingTemperatureFields } from './tracking-temperature-fields.tsx';
import { useTrackingSetDraft } from './use-tracking-set-draft.ts';

// Loaded once the form has a price to show: what each number of samples buys is a second look, not the first paint.
const SamplesChoiceTable = lazy(() => import('./samples-choice-table.tsx').then((module) => ({ default: module.SamplesChoiceTable })));

export interface TrackingSetFormProps {
  opened: boolean;
  /** The set to edit; null for a new one. Mount the form anew (a `key`) when this changes: it starts from it. */
  editing: TrackingSet | null;
  onClose(): void;
  onSaved(set: TrackingSet): void;
}

/**
 * The form that saves a new prompt set, or changes one (its brand, prompts, models and schedule), with what it will
 * cost shown before saving. A new set starts from the brand configuration the person used last.
 */
export function TrackingSetForm({ opened, editing, onClose, onSaved }: TrackingSetFormProps) {
  const queryClient = useQueryClient();
  const { catalogue } = useCatalogue();
  // Asked afresh each time a new form opens: a run or a request since the last look may have used another brand.
  const saved = useQuery({ ...recentBrandsQuery(1), enabled: opened && editing === null, staleTime: 0 });
  const draft = useTrackingSetDraft(editing, saved.data?.recentBrands[0] ?? null);
  const { prompts, choices, aiOverview } = draft;
  const cost = useQuery({
    ...costPreviewQuery(
      Math.max(1, Math.min(prompts.length, TRACKING_LIMITS.prompts)),
      choices,
      draft.schedule.cadence,
      draft.schedule.samplesPerCell,
      Math.min(draft.canary.prompts.length, CANARY_LIMITS.prompts),
    ),
    enabled: opened && choices.length > 0 && prompts.length > 0,
  });

  const save = useMutation({
    mutationFn: () => (editing ? updateTrackingSet(editing.id, draft.body()) : createTrackingSet(draft.body())),
    onSuccess: ({ set }) => {
      void queryClient.invalidateQueries({ queryKey: trackingQueryKeys.all });
      onSaved(set);
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Edit ${editing.name}` : 'New tracked prompt set'} size="lg" closeButtonProps={{ 'aria-label': 'Close' }} data-testid="tracking-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.ready) save.mutate();
        }}
      >
        <Stack gap="sm">
          {draft.fromSavedBrand ? (
            <Text size="sm" c="dimmed" data-testid="tracking-brand-prefilled">
              Brand, website, keywords and competitors are filled in from the brand you used last; change them as you like.
            </Text>
          ) : null}
          {editing ? (
            <Text size="sm" c="dimmed">
              Changes apply from the next run; answers already stored keep the prompts and models they were asked with.
            </Text>
          ) : null}
          <TrackingSetFields draft={draft} catalogue={catalogue} />
          {aiOverview.shown ? <AiOverviewSettings value={aiOverview.value} onChange={aiOverview.onChange} /> : null}
          <TrackingTemperatureFields draft={draft} catalogue={catalogue} />
          <TrackingScheduleFields schedule={draft.schedule} />
          {cost.data && prompts.length > 0 && choices.length > 0 ? (
            <Suspense fallback={null}>
              <SamplesChoiceTable prompts={Math.min(prompts.length, TRACKING_LIMITS.prompts)} models={choices.length} samples={draft.schedule.samplesPerCell} cost={cost.data} />
            </Suspense>
          ) : null}
          <TrackingCanaryFields canary={draft.canary} />
          <TrackingCostSummary prompts={prompts.length} models={choices.length} samples={draft.schedule.samplesPerCell} canaries={draft.canary.prompts.length} cost={cost.data} />
          {save.isError ? (
            <Alert color="red" title="Could not save" data-testid="tracking-save-error">
              {messageOf(save.error, 'Something went wrong.')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!draft.ready} loading={save.isPending} data-testid="tracking-save">
              {editing ? 'Save changes' : 'Save and run now'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
