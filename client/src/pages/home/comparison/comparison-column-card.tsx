import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { memo, useDeferredValue } from 'react';
import { creditsText } from '../../../catalogue/model-access.ts';
import { LazyAnswerFacts } from '../../../components/answer-facts/lazy-answer-facts.tsx';
import { brandMentionOf } from '../../../components/brand-summary/brand-mention-of.ts';
import { compactSummary, sentimentColour } from '../../../components/brand-summary/brand-summary-text.ts';
import { LazyMarkdownAnswer } from '../../../components/markdown-answer/lazy-markdown-answer.tsx';
import { StopButton } from '../../../components/stop-button/stop-button.tsx';
import { isOpen, type RunColumn } from '../../../requests/request-state.ts';
import { NO_RESPONSE_CONTENT, runErrorText, STOPPED_TEXT } from '../../../requests/run-outcome-text.ts';
import { ColumnActions } from './column-actions.tsx';
import { ColumnSettingsButton, ColumnSettingsSummary } from './column-settings-button.tsx';
import { ColumnThread, type ColumnTurn } from '../../../components/column-thread/column-thread.tsx';
import { VersionPager } from '../../../components/version-pager/version-pager.tsx';
import { useColumnVersion } from '../../../requests/column-versions.ts';
import { EarlierVersionAnswer } from '../../../components/version-pager/earlier-version-answer.tsx';
import classes from './comparison-grid.module.css';

export interface ComparisonColumnCardProps {
  column: RunColumn;
  /** Display names, as strings so the memo holds across renders. */
  engineName: string;
  modelName: string;
  onRetry(column: RunColumn): void;
  onStop(column: RunColumn): void;
  /** In a conversation of follow-ups: this model's earlier turns and the question it is answering now. */
  conversation?: { turns: readonly ColumnTurn[]; question: string } | undefined;
  /** Widened to the whole row. */
  expanded: boolean;
  onToggleExpanded(column: RunColumn): void;
}

/** One model's answer in the results grid: waiting, streaming, then its answer and facts, its own error, or Stopped. */
export const ComparisonColumnCard = memo(function ComparisonColumnCard({
  column,
  engineName,
  modelName,
  onRetry,
  onStop,
  conversation,
  expanded,
  onToggleExpanded,
}: ComparisonColumnCardProps) {
  // Re-parsing the markdown is the costly part; deferring lets React skip versions when several columns stream at once.
  const text = useDeferredValue(column.text);
  const version = useColumnVersion(column);
  const { phase, result } = column;
  const open = isOpen(column);
  const stopped = phase === 'stopped';
  // Flipped back to an earlier version: its own facts, brand summary and text to copy, never the newest's.
  const earlier = version.shown.earlier;
  const shownResult = earlier ? (version.shown.phase === 'done' ? version.shown.result : null) : phase === 'done' ? result : null;
  const brandMention = brandMentionOf(shownResult);

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={`${engineName} - ${modelName}`}
      aria-busy={open}
      data-testid="comparison-column"
      data-model={column.model}
      data-state={phase}
      data-expanded={expanded}
      style={{ minWidth: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            {/* "engine - model", each part kept whole where the column is narrow. */}
            <Text fw={600} data-testid="column-title" style={{ overflowWrap: 'anywhere' }}>
              <Text span inherit c="dimmed" fw={500}>
                {engineName} -{' '}
              </Text>
              <span data-testid="column-model-name">{modelName}</span>
            </Text>
            <ColumnSettingsSummary pair={column} />
          </div>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <ColumnSettingsButton pair={column} modelName={modelName} />
            {phase === 'streaming' && <Loader size="xs" type="dots" aria-label="Answering" />}
            {open && column.runId !== null && <StopButton onStop={() => onStop(column)} stopping={column.stopping} testId="column-stop" />}
            {stopped && (
              <Badge variant="filled" color="gray" data-testid="column-stopped">
                {STOPPED_TEXT}
              </Badge>
            )}
            {brandMention?.mentioned && (
              <Badge variant="filled" color={sentimentColour(brandMention.sentiment)} autoContrast data-testid="column-brand-mentioned">
                Mentioned
              </Badge>
            )}
            {result && !earlier && (
              <Badge variant="light" color={result.success ? 'indigo' : 'gray'} tt="none" data-testid="column-credits">
                {creditsText(result.creditsUsed)}
              </Badge>
            )}
          </Group>
        </Group>

        <VersionPager count={version.count} index={version.index} onChange={version.select} label={modelName} />

        <div className={classes.answerScroll} data-column-scroll tabIndex={0} role="group" aria-label={`${modelName}'s answer`} data-testid="column-scroll">
        {conversation && <ColumnThread turns={conversation.turns} question={conversation.question} />}

        {version.shown.earlier && <EarlierVersionAnswer version={version.shown} />}
        {!version.shown.earlier && (
        <>

        {phase === 'waiting' && (
          <Group gap="xs" role="status" data-testid="column-thinking">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Thinking...
            </Text>
          </Group>
        )}

        {text !== '' && (
          // What a stopped model had written stays readable, set back so it does not pass for a whole answer.
          <div data-testid="column-answer" style={{ overflowWrap: 'anywhere', ...(stopped ? { opacity: 0.65 } : {}) }}>
            <LazyMarkdownAnswer content={text} streaming={open} />
          </div>
        )}
        {phase === 'done' && column.text === '' && (
          <Text size="sm" c="dimmed">
            {NO_RESPONSE_CONTENT}
          </Text>
        )}
        {stopped && column.text === '' && (
          <Text size="sm" c="dimmed">
            Stopped before the first words arrived.
          </Text>
        )}
        </>
        )}
        </div>

        {phase === 'error' && !version.shown.earlier && (
          <Alert color="red" variant="light" p="sm" data-testid="column-error">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{runErrorText(result?.error)}</Text>
              {result?.retryable === true && (
                <Button size="compact-sm" variant="outline" color="red" onClick={() => onRetry(column)} data-testid="column-retry">
                  Retry
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        {brandMention && (
          <Text size="xs" c="dimmed" data-testid="column-brand-summary">
            {brandMention.brandName}: {compactSummary(brandMention)}
          </Text>
        )}

        {(earlier || !open) && (
          <LazyAnswerFacts sources={earlier ? (version.shown.result?.sources ?? []) : column.sources} result={shownResult} />
        )}

        {!open && (
          <ColumnActions
            text={earlier ? version.shown.text : column.text}
            modelName={modelName}
            run={column}
            expanded={expanded}
            onToggleExpanded={() => onToggleExpanded(column)}
            onRegenerate={phase === 'done' || phase === 'stopped' ? () => onRetry(column) : undefined}
          />
        )}
      </Stack>
    </Paper>
  );
});

