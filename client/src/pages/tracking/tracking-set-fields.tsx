import { Group, MultiSelect, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { BRAND_LIMITS } from '../../../../contract/limits.ts';
import { CANARY_LIMITS, SAMPLES_PER_CELL, TRACKING_LIMITS, type TrackingCadence } from '../../../../contract/tracking.ts';
import type { Catalogue } from '../../api/catalogue-api.ts';
import type { TrackingSetDraft } from './use-tracking-set-draft.ts';
import { FactSheetField } from '../../components/fact-sheet/fact-sheet-field.tsx';

/** The catalogue's models as grouped options, `engine/model` as the value. */
function modelOptions(catalogue: Catalogue | null) {
  if (!catalogue) return [];
  return Object.entries(catalogue.models)
    .filter(([, engine]) => engine.available)
    .map(([engineId, engine]) => ({
      group: engine.name,
      items: engine.models.map((model) => ({ value: `${engineId}/${model.id}`, label: `${model.name} · ${model.credits}` })),
    }));
}

/** What a prompt set is about: its name, the brand and its competitors, the prompts and the models asked. */
export function TrackingSetFields({ draft, catalogue }: { draft: TrackingSetDraft; catalogue: Catalogue | null }) {
  const { fields, prompts, tooManyPrompts } = draft;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required maxLength={TRACKING_LIMITS.name} value={fields.name} onChange={(event) => fields.setName(event.currentTarget.value)} data-testid="tracking-name" />
        <TextInput
          label="Brand"
          required
          maxLength={BRAND_LIMITS.name}
          value={fields.brandName}
          onChange={(event) => fields.setBrandName(event.currentTarget.value)}
          data-testid="tracking-brand"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Website"
        description="Its domain counts when answers cite it"
        type="url"
        placeholder="https://www.example.com"
        maxLength={BRAND_LIMITS.website}
        value={fields.websiteUrl}
        onChange={(event) => fields.setWebsiteUrl(event.currentTarget.value)}
        data-testid="tracking-website"
      />
      <TagsInput
        label="Keywords"
        description="Product names that count as the brand"
        maxTags={BRAND_LIMITS.keywords}
        value={fields.keywords}
        onChange={fields.setKeywords}
        data-testid="tracking-keywords"
      />
      </SimpleGrid>
      <TagsInput
        label="Competitors"
        description="Press Enter after each one"
        maxTags={BRAND_LIMITS.competitors}
        value={fields.competitors}
        onChange={fields.setCompetitors}
        data-testid="tracking-competitors"
      />
      <FactSheetField facts={fields.facts} onChange={fields.setFacts} testId="tracking-facts" />
      <Textarea
        label="Prompts"
        description={`One per line, up to ${TRACKING_LIMITS.prompts}: the questions people ask AI about your market`}
        required
        autosize
        minRows={3}
        maxRows={10}
        value={fields.promptText}
        onChange={(event) => fields.setPromptText(event.currentTarget.value)}
        error={tooManyPrompts ? `At most ${TRACKING_LIMITS.prompts} prompts (${prompts.length} entered)` : undefined}
        data-testid="tracking-prompts"
      />
      <MultiSelect
        label="Models"
        description="Credits per answer after each name"
        required
        searchable
        data={modelOptions(catalogue)}
        value={fields.models}
        onChange={fields.setModels}
        maxValues={TRACKING_LIMITS.models}
        data-testid="tracking-models"
      />
    </>
  );
}

/** How often the set runs, and how many readings each prompt and model get per run. */
export function TrackingScheduleFields({ schedule }: { schedule: TrackingSetDraft['schedule'] }) {
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="tracking-cadence-label">
          Cadence
        </Text>
        <SegmentedControl
          aria-labelledby="tracking-cadence-label"
          value={schedule.cadence}
          onChange={(value) => schedule.setCadence(value as TrackingCadence)}
          data={[
            { value: 'daily', label: 'Daily' },
            { value: 'weekly', label: 'Weekly' },
          ]}
          data-testid="tracking-cadence"
        />
      </Stack>
      <NumberInput
        label="Samples per cell"
        description="AI answers vary from one asking to the next: each prompt is asked of each model this many times per run, so rates come with honest error bars and alerts fire only on real change. Multiplies the cost."
        min={SAMPLES_PER_CELL.minimum}
        max={SAMPLES_PER_CELL.maximum}
        allowDecimal={false}
        clampBehavior="strict"
        value={schedule.samples}
        onChange={schedule.setSamples}
        w={{ base: '100%', sm: 340 }}
        data-testid="tracking-samples"
      />
    </Group>
  );
}

/**
 * Canary prompts: brand-free questions asked of every model once per run. When a model's answers to them change
 * sharply, a drop in the brand's numbers that run may be the model's doing; the dashboard and the alert mail say so.
 */
export function TrackingCanaryFields({ canary }: { canary: TrackingSetDraft['canary'] }) {
  return (
    <Stack gap="xs">
      <Switch
        label="Canary prompts"
        description="Questions that name no brand, asked of each model once per run, so a change in the model can be told apart from a change in how it sees your brand"
        checked={canary.on}
        onChange={(event) => canary.setOn(event.currentTarget.checked)}
        data-testid="tracking-canary-switch"
      />
      {canary.on ? (
        <Textarea
          label="Canary questions"
          description={`One per line, up to ${CANARY_LIMITS.prompts}; everyday questions whose good answers hardly change`}
          autosize
          minRows={2}
          maxRows={6}
          value={canary.text}
          onChange={(event) => canary.setText(event.currentTarget.value)}
          error={canary.tooMany ? `At most ${CANARY_LIMITS.prompts} canary prompts (${canary.prompts.length} entered)` : undefined}
          data-testid="tracking-canary-prompts"
        />
      ) : null}
    </Stack>
  );
}
