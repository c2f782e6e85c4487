import { Alert, Anchor, Badge, Button, Checkbox, Group, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo, useCallback, useState, type ChangeEvent } from 'react';
import { MAX_COMPARED_MODELS } from '../../../../../contract/limits.ts';
import type { Tier } from '../../../api/auth-api.ts';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import { lockPrompt, modelLock, type ModelChoice } from '../../../catalogue/model-access.ts';
import { LockIcon } from '../../../components/lock-icon/lock-icon.tsx';
import { COMPARISON_PRESETS, presetSelection } from './comparison-presets.ts';
import {
  allUsableKeys,
  CAP_REFUSED_MESSAGE,
  CAP_TRIMMED_MESSAGE,
  checklistLabel,
  choiceKey,
  choicePair,
  modelNames,
  toggleKey,
  type CappedSelection,
  type SelectionKey,
} from './model-selection.ts';

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

/**
 * The checklist: "engine - model" entries with lock badges, a selected count, Select All, Clear All and presets.
 * None of them selects more models than one comparison may ask; when the cap leaves some out, it says so.
 */
export const ModelChecklist = memo(function ModelChecklist({ catalogue, choices, tier, selected, onChange, error }: ModelChecklistProps) {
  const [capMessage, setCapMessage] = useState<string | null>(null);

  const toggle = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const { keys, refused } = toggleKey(selected, event.currentTarget.value, event.currentTarget.checked);
      setCapMessage(refused ? CAP_REFUSED_MESSAGE : null);
      if (!refused) onChange(keys);
    },
    [onChange, selected],
  );

  const choose = useCallback(
    ({ keys, trimmed }: CappedSelection) => {
      setCapMessage(trimmed ? CAP_TRIMMED_MESSAGE : null);
      onChange(keys);
    },
    [onChange],
  );

  const clear = useCallback(() => {
    setCapMessage(null);
    onChange(new Set());
  }, [onChange]);

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
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => choose(allUsableKeys(choices, tier))} data-testid="select-all">
            Select All
          </Anchor>
          <Anchor component="button" type="button" size="sm" fw={500} c="dimmed" onClick={clear} data-testid="clear-all">
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
            onClick={() => choose(presetSelection(preset, choices, tier))}
            data-testid={`preset-${preset.name.toLowerCase()}`}
          >
            {preset.name}
          </Button>
        ))}
      </Group>

      {/* Only while the selection is full: once a box is unticked (or a re-run brings fewer models) it no longer applies. */}
      {capMessage && selected.size >= MAX_COMPARED_MODELS && (
        <Alert variant="light" color="yellow" p="xs" role="status" data-testid="comparison-cap-message">
          <Text size="sm">{capMessage}</Text>
        </Alert>
      )}

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
                      <Badge size="xs" variant="light" color={lock === 'Register' ? 'gray' : 'yellow'} component="span" leftSection={<LockIcon />}>
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
