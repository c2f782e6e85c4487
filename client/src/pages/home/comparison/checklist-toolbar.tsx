import { Alert, Anchor, Button, Group, Text, TextInput, Title } from '@mantine/core';
import { MAX_COMPARED_MODELS } from '../../../../../contract/limits.ts';
import { creditsText } from '../../../catalogue/model-access.ts';
import { COMPARISON_PRESETS } from './comparison-presets.ts';

type ComparisonPreset = (typeof COMPARISON_PRESETS)[number];

export interface ChecklistToolbarProps {
  selectedCount: number;
  /** What the ticked models cost together; null while prices are not known. */
  cost: number | null;
  /** Why the last choice left models out or was refused, while the selection is full. */
  capMessage: string | null;
  filter: string;
  onFilter(filter: string): void;
  onSelectAll(): void;
  onClear(): void;
  onPreset(preset: ComparisonPreset): void;
}

/** Above the checklist: its title with the count and cost, Select All and Clear All, the presets and the filter. */
export function ChecklistToolbar({ selectedCount, cost, capMessage, filter, onFilter, onSelectAll, onClear, onPreset }: ChecklistToolbarProps) {
  return (
    <>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="sm" align="baseline">
          <Title order={2} size="h5" id="comparison-models-title">
            Models to compare
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="selected-count">
            {selectedCount} selected
          </Text>
          {selectedCount > 0 && cost !== null && (
            <Text size="sm" fw={500} data-testid="selected-cost">
              {creditsText(cost)}
            </Text>
          )}
        </Group>
        <Group gap="md">
          <Anchor component="button" type="button" size="sm" fw={500} onClick={onSelectAll} data-testid="select-all">
            Select All
          </Anchor>
          <Anchor component="button" type="button" size="sm" fw={500} c="dimmed" onClick={onClear} data-testid="clear-all">
            Clear All
          </Anchor>
        </Group>
      </Group>

      <Group gap="xs" wrap="wrap" role="group" aria-label="Presets">
        <Text size="sm" c="dimmed">
          Presets:
        </Text>
        {COMPARISON_PRESETS.map((preset) => (
          <Button key={preset.name} variant="light" size="compact-sm" onClick={() => onPreset(preset)} data-testid={`preset-${preset.name.toLowerCase()}`}>
            {preset.name}
          </Button>
        ))}
      </Group>

      {/* Only while the selection is full: once a box is unticked (or a re-run brings fewer models) it no longer applies. */}
      {capMessage && selectedCount >= MAX_COMPARED_MODELS && (
        <Alert variant="light" color="yellow" p="xs" role="status" data-testid="comparison-cap-message">
          <Text size="sm">{capMessage}</Text>
        </Alert>
      )}

      <TextInput
        size="xs"
        placeholder="Filter by provider or model"
        aria-label="Filter models"
        value={filter}
        onChange={(event) => onFilter(event.currentTarget.value)}
        // Enter filters; it must not send the comparison this box sits in.
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        maw={320}
        data-testid="model-filter"
      />
    </>
  );
}
