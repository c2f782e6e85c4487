import { Button, CopyButton, Group } from '@mantine/core';

interface ColumnActionsProps {
  /** The finished answer, as Markdown. */
  text: string;
  expanded: boolean;
  onToggleExpanded(): void;
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
            <Button size="compact-xs" variant="default" onClick={copy} aria-label={copied ? 'Copied' : `Copy ${modelName}'s answer as Markdown`} data-testid="column-copy">
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      )}
      {onRegenerate && (
        <Button size="compact-xs" variant="default" onClick={onRegenerate} title="Ask this model again; charged like a new answer" data-testid="column-regenerate">
          Regenerate
        </Button>
      )}
      {/* On a phone every answer already has the screen to itself. */}
      <Button size="compact-xs" variant="default" onClick={onToggleExpanded} aria-pressed={expanded} visibleFrom="sm" data-testid="column-expand">
        {expanded ? 'Narrow' : 'Full width'}
      </Button>
    </Group>
  );
}
