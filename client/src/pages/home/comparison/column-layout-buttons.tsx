import { ActionIcon, Group } from '@mantine/core';
import { IconEyeOff, IconMaximize } from '@tabler/icons-react';

interface ColumnLayoutButtonsProps {
  modelName: string;
  onFocus(): void;
  /** Absent when this is the last answer in view, which cannot be hidden. */
  onHide?: (() => void) | undefined;
}

/** In a column's header: open its answer in the focus view, or hide the column (its answer goes on being written). */
export function ColumnLayoutButtons({ modelName, onFocus, onHide }: ColumnLayoutButtonsProps) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={onFocus}
        aria-label={`Focus on ${modelName}'s answer`}
        title="Focus: read this answer large, ← / → for the others"
        data-focus-return
        data-testid="column-focus"
      >
        <IconMaximize size={16} aria-hidden />
      </ActionIcon>
      {onHide && (
        <ActionIcon variant="subtle" color="gray" onClick={onHide} aria-label={`Hide ${modelName}`} title="Hide this answer; it goes on being written" data-testid="column-hide">
          <IconEyeOff size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
