import { Button, CopyButton, Group } from '@mantine/core';
import { IconArrowFork, IconArrowsMaximize, IconArrowsMinimize, IconCheck, IconCopy, IconRefresh, IconShare3 } from '@tabler/icons-react';
import type { RunColumn } from '../../../requests/request-state.ts';
import { useContinueChoice } from './continue-choice.ts';

interface ColumnActionsProps {
  /** The finished answer, as Markdown. */
  text: string;
  expanded: boolean;
  /** Absent where the answer already has the whole width (the tab layout). */
  onToggleExpanded?: (() => void) | undefined;
  /** Absent while a model is still answering. */
  onRegenerate?: (() => void) | undefined;
  modelName: string;
  /** The column's model and how it ended: only a finished answer can be carried or continued alone. */
  run: Pick<RunColumn, 'engine' | 'model' | 'phase' | 'text'>;
}

/**
 * Under a finished answer: copy it as Markdown, ask the model again (charged like a new answer), widen the column;
 * once every model has finished, carry this answer to every model's next turn, or continue with this model only.
 */
export function ColumnActions({ text, expanded, onToggleExpanded, onRegenerate, modelName, run }: ColumnActionsProps) {
  const continueChoice = useContinueChoice();
  const canContinue = continueChoice !== null && run.phase === 'done' && run.text !== '';
  const model = { engine: run.engine, model: run.model };
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
      {canContinue && (
        <>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => continueChoice.choose({ mode: 'carry', model })}
            leftSection={<IconShare3 size={12} aria-hidden />}
            title={`The next question goes to every model with ${modelName}'s answer as the reply to this one`}
            data-testid="column-carry"
          >
            Carry this answer to all
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => continueChoice.choose({ mode: 'fork', model })}
            leftSection={<IconArrowFork size={12} aria-hidden />}
            title={`Go on with ${modelName} alone, keeping its side of the conversation`}
            data-testid="column-fork"
          >
            Continue with this model only
          </Button>
        </>
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
