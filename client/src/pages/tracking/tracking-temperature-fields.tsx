import { NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { Catalogue } from '../../api/catalogue-api.ts';
import { ownEntry } from '../../catalogue/own-entry.ts';
import { displayNames } from '../../catalogue/display-names.ts';
import type { TrackingSetDraft } from './use-tracking-set-draft.ts';

/**
 * A fixed temperature per model, off unless the set has one: by default each model answers at its own default, the
 * spread of answers people actually see (docs/tracking.md says why 0 is never the default). A model that takes no
 * temperature (a reasoning model) says so instead of offering a field the server would refuse.
 */
export function TrackingTemperatureFields({ draft, catalogue }: { draft: TrackingSetDraft; catalogue: Catalogue | null }) {
  const { values, set, clear } = draft.temperatures;
  const [on, setOn] = useState(() => Object.values(values).some((value) => value !== ''));
  const picked = draft.fields.models;
  if (picked.length === 0) return null;
  return (
    <Stack gap="xs">
      <Switch
        label="Fix each model's temperature"
        description="Off: every model answers at its own default, as people asking it do. A change of temperature starts a new line on the charts."
        checked={on}
        onChange={(event) => {
          setOn(event.currentTarget.checked);
          if (!event.currentTarget.checked) clear();
        }}
        data-testid="tracking-temperature-switch"
      />
      {on ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {picked.map((value) => {
            const slash = value.indexOf('/');
            const pair = { engine: value.slice(0, slash), model: value.slice(slash + 1) };
            const names = displayNames(catalogue, pair);
            const range = ownEntry(catalogue?.models, pair.engine)?.models.find((model) => model.id === pair.model)?.capabilities?.temperature;
            const label = `${names.engine} - ${names.model}`;
            return range ? (
              <NumberInput
                key={value}
                label={label}
                placeholder="Model's default"
                min={range.min}
                max={range.max}
                step={0.1}
                decimalScale={2}
                clampBehavior="strict"
                value={values[value] ?? ''}
                onChange={(next) => set(value, next)}
                data-testid="tracking-temperature"
              />
            ) : (
              <Text key={value} size="sm" c="dimmed">
                {label}: takes no temperature
              </Text>
            );
          })}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
