import { Badge, Checkbox, Group, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { memo, useCallback, useMemo, useState, type ChangeEvent } from 'react';
import type { Tier } from '../../../api/auth-api.ts';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import { creditBandOf } from '../../../catalogue/credit-bands.ts';
import { modelNames } from '../../../catalogue/model-names.ts';
import { creditsText, lockPrompt, modelLock, supportsWebSearch, type ModelChoice } from '../../../catalogue/model-access.ts';
import { LockIcon } from '../../../components/lock-icon/lock-icon.tsx';
import { ChecklistToolbar } from './checklist-toolbar.tsx';
import { presetSelection } from './comparison-presets.ts';
import { groupByEngine } from './model-groups.ts';
import {
  allUsableKeys,
  CAP_REFUSED_MESSAGE,
  CAP_TRIMMED_MESSAGE,
  checklistLabel,
  choiceKey,
  choicePair,
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
  /** What the ticked models cost together (with the chosen extras); null while prices are not known. */
  cost: number | null;
}

/**
 * The checklist: models grouped by provider, each with its price, price band, web-search support and any lock; a
 * filter box; the count and total cost as boxes are ticked; Select All, Clear All and presets. None of them selects
 * more models than one comparison may ask; when the cap leaves some out, it says so.
 */
export const ModelChecklist = memo(function ModelChecklist({ catalogue, choices, tier, selected, onChange, error, cost }: ModelChecklistProps) {
  const [capMessage, setCapMessage] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => groupByEngine(catalogue, choices, filter), [catalogue, choices, filter]);

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
      <ChecklistToolbar
        selectedCount={selected.size}
        cost={cost}
        capMessage={capMessage}
        filter={filter}
        onFilter={setFilter}
        onSelectAll={() => choose(allUsableKeys(choices, tier))}
        onClear={clear}
        onPreset={(preset) => choose(presetSelection(preset, choices, tier))}
      />

      <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
        <Stack gap="sm" p={2}>
          {groups.length === 0 && (
            <Text size="sm" data-testid="model-filter-empty">
              No model matches “{filter}”.
            </Text>
          )}
          {groups.map((group) => (
            <div key={group.engine} role="group" aria-label={group.name} data-testid="model-group">
              <Text size="xs" fw={700} tt="uppercase" mb={4}>
                {group.name}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing={8}>
                {group.choices.map((choice) => {
                  const lock = modelLock(tier, choice.model);
                  const key = choiceKey(choice);
                  const names = modelNames(catalogue, choicePair(choice));
                  const band = creditBandOf(choice.model.credits);
                  return (
                    <Checkbox
                      key={key}
                      value={key}
                      checked={selected.has(key)}
                      onChange={toggle}
                      disabled={lock !== null}
                      aria-label={checklistLabel(names)}
                      label={
                        <Group gap={6} wrap="wrap" component="span">
                          {/* "engine - model", as the spec names a choice; the group heading above says the engine too. */}
                          <span data-testid="model-choice-label">{checklistLabel(names)}</span>
                          <Text span size="xs" data-testid="model-price">
                            {/* The band's colour as a dot: the words carry the meaning, the dot helps scanning. */}
                            <span
                              aria-hidden
                              style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, marginRight: 4, background: `var(--mantine-color-${band.colour}-6)` }}
                            />
                            {creditsText(choice.model.credits)}
                          </Text>
                          {supportsWebSearch(choice) && (
                            <Text span size="xs" title="Can search the web">
                              · web
                            </Text>
                          )}
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
            </div>
          ))}
        </Stack>
      </ScrollArea.Autosize>

      {error && (
        <Text size="sm" c="red" role="alert" id="comparison-models-error" data-testid="comparison-models-error">
          {error}
        </Text>
      )}
    </Stack>
  );
});
