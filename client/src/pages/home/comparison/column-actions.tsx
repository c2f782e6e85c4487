import { Button, CopyButton, Group } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';

interface ColumnActionsProps {
  /** The finished answer, as Markdown. */
  text: string;
  expanded: boolean;
  /** Absent where the answer already has the whole width (the tab layout). */
  onToggleExpanded?: (() => void) | undefined;
  /** Absent while a model is still answering. */
  onRegenerate?: (() => void) | undefined;
  modelName: string;
}

/** Under a finished answer: copy it as Markdown, ask the model again (charged like a new answer), widen the column. */
export function ColumnActions({ text, expanded, onToggleExpanded, onRegenerate, modelName }: ColumnActionsProps) {
  return (
    <Group gap={6} data-testid="column-actions">
      {text !== '' && (
        <CopyButton value={text} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={12} aria-hidden /> : <IconCopy size={12} aria-hidden />}
              aria-label={copied ? 'Copied' : `Copy ${modelName}'s answer as Markdown`}
              data-testid="column-copy"
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      )}
      {onRegenerate && (
        <Button
          size="compact-xs"
          variant="default"
          onClick={onRegenerate}
          leftSection={<IconRefresh size={12} aria-hidden />}
          title="Ask this model again; charged like a new answer"
          data-testid="column-regenerate"
        >
          Regenerate
        </Button>
      )}
      {/* On a phone every answer already has the screen to itself. */}
      {onToggleExpanded && (
        <Button
          size="compact-xs"
          variant="default"
          onClick={onToggleExpanded}
          aria-pressed={expanded}
          visibleFrom="sm"
          leftSection={expanded ? <IconArrowsMinimize size={12} aria-hidden /> : <IconArrowsMaximize size={12} aria-hidden />}
          data-testid="column-expand"
        >
          {expanded ? 'Narrow' : 'Full width'}
        </Button>
      )}
    </Group>
  );
}
