import { Badge, Group, Stack, Text, type ComboboxItem, type SelectProps } from '@mantine/core';
import { lazy, memo, Suspense, useMemo } from 'react';
import type { Tier } from '../../../api/auth-api.ts';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import { creditsText, lockPrompt, modelLock, type ModelLock } from '../../../catalogue/model-access.ts';
import { DeferredSelect } from '../../../components/deferred-select/deferred-select.tsx';
import { LockIcon } from '../../../components/lock-icon/lock-icon.tsx';
import classes from './engine-model-picker.module.css';
import { engineLock, type ModelSelection } from './model-selection.ts';

// Only a guest who opens an engine with nothing open to them sees it.
const EngineLockNotice = lazy(() => import('./engine-lock-notice.tsx').then((module) => ({ default: module.EngineLockNotice })));

interface ModelOption extends ComboboxItem {
  description: string;
  credits: number;
  lock: ModelLock | null;
}

interface EngineModelPickerProps {
  catalogue: Catalogue;
  tier: Tier;
  selection: ModelSelection;
  disabled: boolean;
  onChange(selection: ModelSelection): void;
  /** "Please select an AI model" / "Please select a specific model". */
  errors: { engine: string | null; model: string | null };
}

/**
 * The engine dropdown and the "Choose {engine} Model" dropdown: each model with its description and price; locked
 * models carry a Register or Premium badge with the lock hint, and are disabled. Every available engine can be
 * opened whatever the tier, so a guest sees what registering unlocks.
 */
export const EngineModelPicker = memo(function EngineModelPicker({ catalogue, tier, selection, disabled, onChange, errors }: EngineModelPickerProps) {
  const engineOptions = useMemo(
    () =>
      Object.entries(catalogue.models).map(([id, engine]) => ({
        value: id,
        label: engine.available ? engine.name : `${engine.name} (unavailable)`,
        disabled: !engine.available,
      })),
    [catalogue],
  );
  const engine = catalogue.models[selection.engine];
  const modelOptions = useMemo<ModelOption[]>(
    () =>
      (engine?.models ?? []).map((model) => {
        const lock = modelLock(tier, model);
        return { value: model.id, label: model.name, description: model.description, credits: model.credits, lock, disabled: lock !== null };
      }),
    [engine, tier],
  );

  const renderModelOption: SelectProps['renderOption'] = ({ option }) => {
    const model = option as ModelOption;
    return (
      <Stack gap={2} w="100%" data-testid="model-option" data-model={model.value} data-lock={model.lock ?? ''}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={500} c={model.lock ? 'dimmed' : undefined}>
            {model.label}
          </Text>
          <Group gap={4} wrap="nowrap">
            {model.lock && (
              <Badge
                size="xs"
                color={model.lock === 'Register' ? 'indigo' : 'grape'}
                leftSection={<LockIcon />}
                data-testid="model-lock-badge"
              >
                {model.lock}
              </Badge>
            )}
            <Badge size="xs" variant="light" color="gray">
              {creditsText(model.credits)}
            </Badge>
          </Group>
        </Group>
        {model.description && (
          <Text size="xs" c="dimmed">
            {model.description}
          </Text>
        )}
        {model.lock && (
          <Text size="xs" c={model.lock === 'Register' ? 'indigo' : 'grape'}>
            {lockPrompt(model.lock)}
          </Text>
        )}
      </Stack>
    );
  };

  const selectedModel = engine?.models.find((model) => model.id === selection.model);
  const lock = selectedModel ? null : engineLock(catalogue, selection.engine, tier);

  return (
    <Stack gap="sm">
      <div className={classes.pickers}>
        <DeferredSelect
          label="Engine"
          data={engineOptions}
          value={selection.engine}
          onChange={(value) => value && onChange({ engine: value, model: '' })}
          allowDeselect={false}
          disabled={disabled}
          error={errors.engine}
          checkIconPosition="right"
          comboboxProps={{ withinPortal: true }}
          data-testid="engine-select"
        />
        <DeferredSelect
          label={`Choose ${engine?.name ?? 'a'} Model`}
          placeholder={lock ? 'Locked on your plan' : 'Select a model'}
          data={modelOptions}
          value={selection.model || null}
          onChange={(value) => value && onChange({ ...selection, model: value })}
          renderOption={renderModelOption}
          allowDeselect={false}
          disabled={disabled}
          error={errors.model}
          description={selectedModel?.description}
          maxDropdownHeight={360}
          comboboxProps={{ withinPortal: true }}
          classNames={{ option: classes.option }}
          data-testid="model-select"
        />
      </div>
      {lock && engine && (
        <Suspense fallback={null}>
          <EngineLockNotice engineName={engine.name} lock={lock} />
        </Suspense>
      )}
    </Stack>
  );
});
