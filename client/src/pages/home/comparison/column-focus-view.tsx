import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { LazyAnswerFacts } from '../../../components/answer-facts/lazy-answer-facts.tsx';
import { EarlierVersionAnswer } from '../../../components/version-pager/earlier-version-answer.tsx';
import { VersionPager } from '../../../components/version-pager/version-pager.tsx';
import { columnVersionView, type VersionPick } from '../../../requests/column-versions.ts';
import { isOpen, type RunColumn } from '../../../requests/request-state.ts';
import { runErrorText } from '../../../requests/run-outcome-text.ts';
import { ColumnCost, ColumnStatusBadge } from './column-status-badge.tsx';
import { NewestAnswer } from './newest-answer.tsx';
import { neighbourKey } from './workspace-layout.ts';

export interface FocusedColumn {
  key: string;
  column: RunColumn;
  engineName: string;
  modelName: string;
}

export interface ColumnFocusViewProps {
  /** The answers in view, in the workspace's order: ← and → move among them. */
  columns: readonly FocusedColumn[];
  /** The answer shown; null closes the view. */
  focusedKey: string | null;
  versionPicks: ReadonlyMap<string, VersionPick>;
  onPickVersion(column: RunColumn, index: number): void;
  onMove(key: string): void;
  /** Closed (Escape, the close button, outside): with the answer it was showing, whose column takes the focus back. */
  onClose(lastKey: string): void;
}

/** Keys that belong to a field or a control that uses arrows itself. */
const arrowsBelongElsewhere = (target: EventTarget | null) => target instanceof HTMLElement && target.closest('input, textarea, select, [role="slider"], [role="tablist"]') !== null;

/**
 * One answer at reading size, over the page: its model, status and cost, its versions, and ← / → (the keys or the
 * buttons) to the neighbouring answers. It follows the column live, so a streaming answer goes on arriving here.
 * Loaded when first opened.
 */
export default function ColumnFocusView({ columns, focusedKey, versionPicks, onPickVersion, onMove, onClose }: ColumnFocusViewProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  // While it fades out the view still shows the answer it closed on, not an empty box.
  const lastKey = useRef(focusedKey);
  if (focusedKey !== null) lastKey.current = focusedKey;
  const shownKey = focusedKey ?? lastKey.current;
  const shown = columns.find((candidate) => candidate.key === shownKey) ?? null;
  const keys = columns.map((candidate) => candidate.key);
  const previous = columns.find((candidate) => candidate.key === neighbourKey(keys, shownKey, -1, false)) ?? null;
  const next = columns.find((candidate) => candidate.key === neighbourKey(keys, shownKey, 1, false)) ?? null;
  const opened = focusedKey !== null && shown !== null;

  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || arrowsBelongElsewhere(event.target)) return;
      const target = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : null;
      if (!target) return;
      event.preventDefault();
      onMove(target.key);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [opened, previous, next, onMove]);

  const close = () => {
    if (shownKey !== null) onClose(shownKey);
  };

  if (!shown) return null;
  const { column, engineName, modelName } = shown;
  const version = columnVersionView(column, versionPicks.get(shown.key));
  const finished = version.shown.earlier || !isOpen(column);
  const position = keys.indexOf(shown.key) + 1;

  return (
    <Modal
      opened={opened}
      onClose={close}
      size="64rem"
      fullScreen={phone === true}
      // The workspace puts the focus back itself, on the column this view closed on (← / → may have moved it).
      returnFocus={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={
        <Text component="span" fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
          <Text span inherit c="dimmed" fw={500}>
            {engineName} -{' '}
          </Text>
          {modelName}
        </Text>
      }
      data-testid="focus-view"
    >
      <Stack gap="md" data-model={column.model} data-state={column.phase} data-testid="focus-answer">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconArrowLeft size={14} aria-hidden />}
            onClick={() => previous && onMove(previous.key)}
            disabled={!previous}
            aria-label={previous ? `Previous answer: ${previous.modelName}` : 'Previous answer'}
            data-testid="focus-previous"
          >
            Previous
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="focus-position">
            {position} of {columns.length}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            rightSection={<IconArrowRight size={14} aria-hidden />}
            onClick={() => next && onMove(next.key)}
            disabled={!next}
            aria-label={next ? `Next answer: ${next.modelName}` : 'Next answer'}
            data-testid="focus-next"
          >
            Next
          </Button>
        </Group>

        <Group gap="xs" wrap="wrap">
          <ColumnStatusBadge phase={column.phase} testId="focus-status" />
          <ColumnCost column={version.shown} testId="focus-cost" />
          <VersionPager count={version.count} index={version.index} onChange={(index) => onPickVersion(column, index)} label={modelName} />
        </Group>

        {/* A new answer starts at its top, not where the last one was scrolled to. */}
        <div key={shown.key} role="group" aria-label={`${modelName}'s answer`}>
          {version.shown.earlier ? <EarlierVersionAnswer version={version.shown} /> : <NewestAnswer column={column} text={column.text} />}
          {column.phase === 'error' && !version.shown.earlier && (
            <Text size="sm" c="var(--mantine-color-error)" data-testid="focus-error">
              {runErrorText(column.result?.error)}
            </Text>
          )}
        </div>

        {finished && <LazyAnswerFacts sources={version.shown.earlier ? (version.shown.result?.sources ?? []) : column.sources} result={version.shown.phase === 'done' ? version.shown.result : null} />}
      </Stack>
    </Modal>
  );
}
