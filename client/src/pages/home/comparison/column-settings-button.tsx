import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { ModelPair } from '../../../../../contract/ask.ts';
import type { ModelChoice } from '../../../catalogue/model-access.ts';
import { hasColumnSettings, useColumnSettings } from './column-settings-store.ts';
import { columnSettingsSummary } from './column-settings-text.ts';
import { choicePair, choiceKey } from './model-selection.ts';

const loadModal = () => import('./column-settings-modal.tsx');
// The form is fetched the first time a person opens a model's settings (or points at a button for them), never at first paint.
const ColumnSettingsModal = lazy(() => loadModal().then((module) => ({ default: module.ColumnSettingsModal })));

/** Opens one model's settings form; `modal` is rendered beside the control that opens it. */
function useSettingsModal(pair: ModelPair, modelName: string): { open(): void; modal: ReactNode } {
  const [opened, setOpened] = useState(false);
  const modal = opened && (
    <Suspense fallback={null}>
      <ColumnSettingsModal pair={pair} modelName={modelName} onClose={() => setOpened(false)} />
    </Suspense>
  );
  return { open: () => setOpened(true), modal };
}

const preload = { onPointerEnter: () => void loadModal(), onFocus: () => void loadModal() };

/** In a column's header: opens the model's own settings (system prompt, temperature) for its next question. */
export function ColumnSettingsButton({ pair, modelName }: { pair: ModelPair; modelName: string }) {
  const settings = useColumnSettings(pair);
  const { open, modal } = useSettingsModal(pair, modelName);
  const set = hasColumnSettings(settings);
  return (
    <>
      <ActionIcon
        variant={set ? 'light' : 'subtle'}
        color={set ? 'indigo' : 'gray'}
        size="sm"
        onClick={open}
        {...preload}
        aria-label={`${modelName} settings`}
        title={set ? `${modelName} settings: ${columnSettingsSummary(settings)}` : `${modelName} settings`}
        data-testid="column-settings"
      >
        <IconAdjustmentsHorizontal size={14} aria-hidden />
      </ActionIcon>
      {modal}
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

/** Before the first question: each picked model's settings, set there or shown as they stand. */
export function PickedModelSettings({ choices }: { choices: readonly ModelChoice[] }) {
  if (choices.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" data-testid="picked-model-settings">
      <Text size="xs" c="dimmed">
        Each model’s own settings:
      </Text>
      {choices.map((choice) => (
        <PickedModelButton key={choiceKey(choice)} pair={choicePair(choice)} modelName={choice.model.name} />
      ))}
    </Group>
  );
}

function PickedModelButton({ pair, modelName }: { pair: ModelPair; modelName: string }) {
  const summary = columnSettingsSummary(useColumnSettings(pair));
  const { open, modal } = useSettingsModal(pair, modelName);
  return (
    <>
      <Button
        size="compact-xs"
        variant={summary ? 'light' : 'default'}
        leftSection={<IconAdjustmentsHorizontal size={12} aria-hidden />}
        onClick={open}
        {...preload}
        // The name starts with the words on the button, as speech input expects.
        aria-label={summary ? `${modelName} · ${summary}, settings` : `${modelName} settings`}
        data-testid="picked-model-settings-button"
        data-model={pair.model}
      >
        {summary ? `${modelName} · ${summary}` : modelName}
      </Button>
      {modal}
    </>
  );
}
