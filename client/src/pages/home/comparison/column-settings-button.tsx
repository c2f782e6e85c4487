import { ActionIcon, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { ModelPair } from '../../../../../contract/ask.ts';
import { hasColumnSettings, useColumnSettings } from './column-settings-store.ts';
import { columnSettingsSummary } from './column-settings-text.ts';

const loadModal = () => import('./column-settings-modal.tsx');
// The form is fetched the first time a person opens a column's settings (or points at the button), never at first paint.
const ColumnSettingsModal = lazy(() => loadModal().then((module) => ({ default: module.ColumnSettingsModal })));

/** In a column's header: opens the model's own settings (system prompt, temperature) for its next question. */
export function ColumnSettingsButton({ pair, modelName }: { pair: ModelPair; modelName: string }) {
  const [opened, setOpened] = useState(false);
  const settings = useColumnSettings(pair);
  const set = hasColumnSettings(settings);
  return (
    <>
      <ActionIcon
        variant={set ? 'light' : 'subtle'}
        color={set ? 'indigo' : 'gray'}
        size="sm"
        onClick={() => setOpened(true)}
        onPointerEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
        aria-label={`${modelName} settings`}
        title={set ? `${modelName} settings: ${columnSettingsSummary(settings)}` : `${modelName} settings`}
        data-testid="column-settings"
      >
        <IconAdjustmentsHorizontal size={14} aria-hidden />
      </ActionIcon>
      {opened && (
        <Suspense fallback={null}>
          <ColumnSettingsModal pair={pair} modelName={modelName} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Under a column's title, when its model has its own settings: what they are, so nothing is set out of sight. */
export function ColumnSettingsSummary({ pair }: { pair: ModelPair }) {
  const summary = columnSettingsSummary(useColumnSettings(pair));
  if (!summary) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="column-settings-summary">
      {summary}
    </Text>
  );
}
