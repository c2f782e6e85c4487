import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BRAND_LIMITS } from '../../../../contract/limits.ts';
import { DEFAULT_ALERT_THRESHOLD, TRACKING_LIMITS, type TrackingCadence, type TrackingSet } from '../../../../contract/tracking.ts';
import { messageOf } from '../../api/http-client.ts';
import { costPreviewQuery, createTrackingSet, trackingQueryKeys } from '../../api/tracking-api.ts';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { AiOverviewSettings } from '../../components/ai-overview-settings/ai-overview-settings.tsx';
import { DEFAULT_AI_OVERVIEW_PARAMS, type AiOverviewParams } from '../../components/ai-overview-settings/ai-overview-params.ts';
import { creditsText, promptLines } from './tracking-format.ts';

const AI_OVERVIEW_ENGINE = 'ai-overview';

/** The catalogue's models as grouped options, `engine/model` as the value. */
function modelOptions(catalogue: ReturnType<typeof useCatalogue>['catalogue']) {
  if (!catalogue) return [];
  return Object.entries(catalogue.models)
    .filter(([, engine]) => engine.available)
    .map(([engineId, engine]) => ({
      group: engine.name,
      items: engine.models.map((model) => ({ value: `${engineId}/${model.id}`, label: `${model.name} · ${model.credits}` })),
    }));
}

const toChoice = (value: string) => {
  const slash = value.indexOf('/');
  return { engine: value.slice(0, slash), model: value.slice(slash + 1) };
};

/** The form that saves a new prompt set, with what it will cost shown before saving. */
export function TrackingSetForm({ opened, onClose, onCreated }: { opened: boolean; onClose(): void; onCreated(set: TrackingSet): void }) {
  const queryClient = useQueryClient();
  const { catalogue } = useCatalogue();
  const [name, setName] = useState('');
  const [brandName, setBrandName] = useState('');
  const [competitors, setCompetitors] = useState<string[]>([]);
  const [promptText, setPromptText] = useState('');
  const [models, setModels] = useState<string[]>([]);
  const [cadence, setCadence] = useState<TrackingCadence>('weekly');
  const [threshold, setThreshold] = useState<number | string>(DEFAULT_ALERT_THRESHOLD);
  const [aiOverview, setAiOverview] = useState<AiOverviewParams>(DEFAULT_AI_OVERVIEW_PARAMS);

  const prompts = promptLines(promptText);
  const choices = models.map(toChoice);
  const tooManyPrompts = prompts.length > TRACKING_LIMITS.prompts;
  const cost = useQuery({ ...costPreviewQuery(Math.max(1, Math.min(prompts.length, TRACKING_LIMITS.prompts)), choices, cadence), enabled: opened && choices.length > 0 && prompts.length > 0 });
  const usesAiOverview = choices.some((choice) => choice.engine === AI_OVERVIEW_ENGINE);

  const save = useMutation({
    mutationFn: () =>
      createTrackingSet({
        name: name.trim(),
        brand: { brandName: brandName.trim(), competitors },
        prompts,
        models: choices,
        cadence,
        alertThreshold: Number(threshold) || DEFAULT_ALERT_THRESHOLD,
        ...(usesAiOverview ? { aiOverviewParams: aiOverview } : {}),
      }),
    onSuccess: ({ set }) => {
      void queryClient.invalidateQueries({ queryKey: trackingQueryKeys.sets });
      onCreated(set);
    },
  });
  const ready = name.trim() !== '' && brandName.trim() !== '' && prompts.length > 0 && !tooManyPrompts && choices.length > 0;

  return (
    <Modal opened={opened} onClose={onClose} title="New tracked prompt set" size="lg" closeButtonProps={{ 'aria-label': 'Close' }} data-testid="tracking-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) save.mutate();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required maxLength={TRACKING_LIMITS.name} value={name} onChange={(event) => setName(event.currentTarget.value)} data-testid="tracking-name" />
            <TextInput
              label="Brand"
              required
              maxLength={BRAND_LIMITS.name}
              value={brandName}
              onChange={(event) => setBrandName(event.currentTarget.value)}
              data-testid="tracking-brand"
            />
          </SimpleGrid>
          <TagsInput
            label="Competitors"
            description="Press Enter after each one"
            maxTags={BRAND_LIMITS.competitors}
            value={competitors}
            onChange={setCompetitors}
            data-testid="tracking-competitors"
          />
          <Textarea
            label="Prompts"
            description={`One per line, up to ${TRACKING_LIMITS.prompts}: the questions people ask AI about your market`}
            required
            autosize
            minRows={3}
            maxRows={10}
            value={promptText}
            onChange={(event) => setPromptText(event.currentTarget.value)}
            error={tooManyPrompts ? `At most ${TRACKING_LIMITS.prompts} prompts (${prompts.length} entered)` : undefined}
            data-testid="tracking-prompts"
          />
          <MultiSelect
            label="Models"
            description="Credits per answer after each name"
            required
            searchable
            data={modelOptions(catalogue)}
            value={models}
            onChange={setModels}
            maxValues={TRACKING_LIMITS.models}
            data-testid="tracking-models"
          />
          {usesAiOverview ? <AiOverviewSettings value={aiOverview} onChange={setAiOverview} /> : null}
          <Group align="flex-end" gap="md" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="tracking-cadence-label">
                Cadence
              </Text>
              <SegmentedControl
                aria-labelledby="tracking-cadence-label"
                value={cadence}
                onChange={(value) => setCadence(value as TrackingCadence)}
                data={[
                  { value: 'daily', label: 'Daily' },
                  { value: 'weekly', label: 'Weekly' },
                ]}
                data-testid="tracking-cadence"
              />
            </Stack>
            <NumberInput
              label="Alert threshold"
              description="Mail me when visibility or share of voice falls by more than this between two runs"
              suffix=" points"
              min={1}
              max={100}
              value={threshold}
              onChange={setThreshold}
              w={{ base: '100%', sm: 340 }}
              data-testid="tracking-threshold"
            />
          </Group>
          <Paper withBorder p="sm" radius="md" data-testid="tracking-cost" aria-live="polite">
            {choices.length === 0 || prompts.length === 0 ? (
              <Text size="sm" c="dimmed">
                Add prompts and models to see what this set costs.
              </Text>
            ) : cost.data ? (
              <Text size="sm">
                At most <b>{creditsText(cost.data.perRun)}</b> per run ({prompts.length} prompts × {choices.length} models) ·{' '}
                <b>{creditsText(cost.data.perWeek)}</b> a week · <b>{creditsText(cost.data.perMonth)}</b> a month. Failed answers are free.
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Working out the cost…
              </Text>
            )}
          </Paper>
          {save.isError ? (
            <Alert color="red" title="Could not save" data-testid="tracking-save-error">
              {messageOf(save.error, 'Something went wrong.')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready} loading={save.isPending} data-testid="tracking-save">
              Save and run now
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
