import { Anchor, Badge, Button, Checkbox, Group, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo, useCallback, type ChangeEvent } from 'react';
import type { Tier } from '../../../api/auth-api.ts';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import { lockPrompt, modelLock, type ModelChoice } from '../../../catalogue/model-access.ts';
import { COMPARISON_PRESETS, presetChoices } from './comparison-presets.ts';
import { allUsableKeys, checklistLabel, choiceKey, choicePair, modelNames, type SelectionKey } from './model-selection.ts';

export interface ModelChecklistProps {
  catalogue: Catalogue;
  /** Every model this server offers, in catalogue order. */
  choices: readonly ModelChoice[];
  tier: Tier;
  selected: ReadonlySet<SelectionKey>;
  onChange(selected: Set<SelectionKey>): void;
  /** "Please select at least one model to compare". */
  error: string | null;
}

/** Spec section 2's checklist: "engine - model" entries with lock badges, a selected count, Select All, Clear All and presets. */
export const ModelChecklist = memo(function ModelChecklist({ catalogue, choices, tier, selected, onChange, error }: ModelChecklistProps) {
  const toggle = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const key = event.currentTarget.value;
      const next = new Set(selected);
      if (event.currentTarget.checked) next.add(key);
      else next.delete(key);
      onChange(next);
    },
    [onChange, selected],
  );

  return (
    <Stack gap="xs" role="group" aria-labelledby="comparison-models-title" aria-describedby={error ? 'comparison-models-error' : undefined}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="sm" align="baseline">
          <Title order={2} size="h5" id="comparison-models-title">
            Models to compare
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="selected-count">
            {selected.size} selected
          </Text>
        </Group>
        <Group gap="md">
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => onChange(allUsableKeys(choices, tier))} data-testid="select-all">
            Select All
          </Anchor>
          <Anchor component="button" type="button" size="sm" fw={500} c="dimmed" onClick={() => onChange(new Set())} data-testid="clear-all">
            Clear All
          </Anchor>
        </Group>
      </Group>

      <Group gap="xs" wrap="wrap" role="group" aria-label="Presets">
        <Text size="sm" c="dimmed">
          Presets:
        </Text>
        {COMPARISON_PRESETS.map((preset) => (
          <Button
            key={preset.name}
            variant="light"
            size="compact-sm"
            onClick={() => onChange(new Set(presetChoices(preset, choices, tier).map(choiceKey)))}
            data-testid={`preset-${preset.name.toLowerCase()}`}
          >
            {preset.name}
          </Button>
        ))}
      </Group>

      <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing={8} p={2}>
          {choices.map((choice) => {
            const lock = modelLock(tier, choice.model);
            const key = choiceKey(choice);
            const label = checklistLabel(modelNames(catalogue, choicePair(choice)));
            return (
              <Checkbox
                key={key}
                value={key}
                checked={selected.has(key)}
                onChange={toggle}
                disabled={lock !== null}
                aria-label={label}
                label={
                  <Group gap={6} wrap="nowrap" component="span">
                    <span>{label}</span>
                    {lock && (
                      <Badge size="xs" variant="light" color={lock === 'Register' ? 'gray' : 'yellow'} component="span">
                        {lock}
                      </Badge>
                    )}
                  </Group>
                }
                description={lock ? lockPrompt(lock) : undefined}
              />
            );
          })}
        </SimpleGrid>
      </ScrollArea.Autosize>

      {error && (
        <Text size="sm" c="red" role="alert" id="comparison-models-error" data-testid="comparison-models-error">
          {error}
        </Text>
      )}
    </Stack>
  );
});
