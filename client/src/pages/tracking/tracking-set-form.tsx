import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRACKING_LIMITS, type TrackingSet } from '../../../../contract/tracking.ts';
import { messageOf } from '../../api/http-client.ts';
import { costPreviewQuery, createTrackingSet, trackingQueryKeys } from '../../api/tracking-api.ts';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { AiOverviewSettings } from '../../components/ai-overview-settings/ai-overview-settings.tsx';
import { TrackingCostSummary } from './tracking-cost-summary.tsx';
import { TrackingScheduleFields, TrackingSetFields } from './tracking-set-fields.tsx';
import { useTrackingSetDraft } from './use-tracking-set-draft.ts';

/** The form that saves a new prompt set, with what it will cost shown before saving. */
export function TrackingSetForm({ opened, onClose, onCreated }: { opened: boolean; onClose(): void; onCreated(set: TrackingSet): void }) {
  const queryClient = useQueryClient();
  const { catalogue } = useCatalogue();
  const draft = useTrackingSetDraft();
  const { prompts, choices, aiOverview } = draft;
  const cost = useQuery({
    ...costPreviewQuery(
      Math.max(1, Math.min(prompts.length, TRACKING_LIMITS.prompts)),
      choices,
      draft.schedule.cadence,
      draft.schedule.samplesPerCell,
    ),
    enabled: opened && choices.length > 0 && prompts.length > 0,
  });

  const save = useMutation({
    mutationFn: () => createTrackingSet(draft.body()),
    onSuccess: ({ set }) => {
      void queryClient.invalidateQueries({ queryKey: trackingQueryKeys.sets });
      onCreated(set);
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="New tracked prompt set" size="lg" closeButtonProps={{ 'aria-label': 'Close' }} data-testid="tracking-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.ready) save.mutate();
        }}
      >
        <Stack gap="sm">
          <TrackingSetFields draft={draft} catalogue={catalogue} />
          {aiOverview.shown ? <AiOverviewSettings value={aiOverview.value} onChange={aiOverview.onChange} /> : null}
          <TrackingScheduleFields schedule={draft.schedule} />
          <TrackingCostSummary prompts={prompts.length} models={choices.length} samples={draft.schedule.samplesPerCell} cost={cost.data} />
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
              Save and run now
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
