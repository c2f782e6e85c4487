import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { ModelPair } from '../../../../../contract/ask.ts';
import { SYSTEM_PROMPT_MAX_LENGTH } from '../../../../../contract/limits.ts';
import { useCatalogue } from '../../../app-state/catalogue-context.tsx';
import { ownEntry } from '../../../catalogue/own-entry.ts';
import { columnSettingsOf, setColumnSettings } from './column-settings-store.ts';
import { disabledSettingReasons, settingsFromFields } from './column-settings-text.ts';

export interface ColumnSettingsModalProps {
  pair: ModelPair;
  modelName: string;
  onClose(): void;
}

/**
 * One model's own settings: a system prompt and a temperature, each offered only where the model accepts it (the
 * catalogue says), with the reason shown where it does not. Saved for the model's next question in this page.
 */
export function ColumnSettingsModal({ pair, modelName, onClose }: ColumnSettingsModalProps) {
  const { catalogue } = useCatalogue();
  const capabilities = ownEntry(catalogue?.models, pair.engine)?.models.find((model) => model.id === pair.model)?.capabilities;
  const reasons = disabledSettingReasons(modelName, capabilities);
  const saved = columnSettingsOf(pair);
  const [systemPrompt, setSystemPrompt] = useState(saved?.systemPrompt ?? '');
  const [temperature, setTemperature] = useState<number | string>(saved?.temperature ?? '');
  const range = capabilities?.temperature;

  const save = () => {
    setColumnSettings(pair, settingsFromFields(systemPrompt, temperature, reasons));
    onClose();
  };
  const reset = () => {
    setColumnSettings(pair, {});
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={`${modelName} settings`} centered closeButtonProps={{ 'aria-label': 'Close' }} data-testid="column-settings-modal">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Used for the next question you ask {modelName}, follow-ups included. Other models keep their own.
        </Text>
        <Textarea
          label="System prompt"
          description={reasons.systemPrompt ?? `Instructions ${modelName} reads before your question.`}
          placeholder={reasons.systemPrompt ? undefined : 'For example: Answer in three short bullet points.'}
          value={reasons.systemPrompt ? '' : systemPrompt}
          onChange={(event) => setSystemPrompt(event.currentTarget.value)}
          maxLength={SYSTEM_PROMPT_MAX_LENGTH}
          disabled={reasons.systemPrompt !== null}
          autosize
          minRows={3}
          maxRows={8}
          data-testid="column-system-prompt"
        />
        {reasons.systemPrompt === null && (
          <Text size="xs" c="dimmed" ta="right" mt={-12} data-testid="column-system-prompt-count">
            {systemPrompt.length.toLocaleString('en-US')} / {SYSTEM_PROMPT_MAX_LENGTH.toLocaleString('en-US')}
          </Text>
        )}
        <NumberInput
          label="Temperature"
          description={reasons.temperature ?? `From ${range!.min} to ${range!.max}; lower is more focused, higher more varied. Empty: the model's default.`}
          placeholder={reasons.temperature ? undefined : "Model's default"}
          value={reasons.temperature ? '' : temperature}
          onChange={setTemperature}
          min={range?.min}
          max={range?.max}
          step={0.1}
          decimalScale={2}
          clampBehavior="strict"
          disabled={reasons.temperature !== null}
          data-testid="column-temperature"
        />
        <Group justify="space-between">
          <Button variant="subtle" color="gray" onClick={reset} data-testid="column-settings-reset">
            Clear settings
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={save} data-testid="column-settings-save">
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
