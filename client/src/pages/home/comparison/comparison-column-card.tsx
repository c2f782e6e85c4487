import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { creditsText } from '../../../catalogue/model-access.ts';
import { LazyAnswerFacts } from '../../../components/answer-facts/lazy-answer-facts.tsx';
import { brandMentionOf } from '../../../components/brand-summary/brand-mention-of.ts';
import { compactSummary, sentimentColour } from '../../../components/brand-summary/brand-summary-text.ts';
import { StopButton } from '../../../components/stop-button/stop-button.tsx';
import { isOpen, type RunColumn } from '../../../requests/request-state.ts';
import { runErrorText } from '../../../requests/run-outcome-text.ts';
import { useAnswerText } from '../../../requests/use-answer-text.ts';
import { ColumnActions } from './column-actions.tsx';
import { ColumnSettingsButton, ColumnSettingsSummary } from './column-settings-button.tsx';
import { ColumnThread, type ColumnTurn } from '../../../components/column-thread/column-thread.tsx';
import { VersionPager } from '../../../components/version-pager/version-pager.tsx';
import { columnVersionView, type VersionPick } from '../../../requests/column-versions.ts';
import { EarlierVersionAnswer } from '../../../components/version-pager/earlier-version-answer.tsx';
import classes from './comparison-grid.module.css';
import workspace from './comparison-workspace.module.css';
import { ColumnLayoutButtons } from './column-layout-buttons.tsx';
import { ColumnStatusBadge } from './column-status-badge.tsx';
import { NewestAnswer } from './newest-answer.tsx';

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
  /** The card's element id (a tab, the focus view's way back and the shortcuts find it by it). */
  panelId: string;
  /** In the tab layout: the id of the tab that names this card, and whether that tab is the one shown. */
  tabId: string | null;
  tabActive: boolean;
  /** The version the person flipped to (none: the newest), kept by the workspace so the focus view agrees. */
  versionPick: VersionPick | undefined;
  onPickVersion(column: RunColumn, index: number): void;
  onFocus(column: RunColumn): void;
  /** Absent for the last answer in view, which cannot be hidden. */
  onHide?: ((column: RunColumn) => void) | undefined;
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
  panelId,
  tabId,
  tabActive,
  versionPick,
  onPickVersion,
  onFocus,
  onHide,
}: ComparisonColumnCardProps) {
  const open = isOpen(column);
  const text = useAnswerText(column.text, open);
  const version = columnVersionView(column, versionPick);
  const { phase, result } = column;
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
      id={panelId}
      // In the tab layout the card is the panel its tab names; side by side it is an article named by its model.
      role={tabId ? 'tabpanel' : undefined}
      aria-labelledby={tabId ?? undefined}
      aria-label={tabId ? undefined : `${engineName} - ${modelName}`}
      data-tab-active={tabId ? tabActive : undefined}
      aria-busy={open}
      data-testid="comparison-column"
      data-model={column.model}
      data-state={phase}
      data-expanded={expanded}
      style={{ minWidth: 0 }}
    >
      <Stack gap="sm">
        {/* Above the answer, never over it: sticky only where the answer reads down the page (comparison-grid.module.css). */}
        <div className={workspace.columnHeader} data-column-header data-testid="column-header">
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
              {open && column.runId !== null && <StopButton onStop={() => onStop(column)} stopping={column.stopping} testId="column-stop" />}
              <ColumnLayoutButtons modelName={modelName} onFocus={() => onFocus(column)} onHide={onHide && (() => onHide(column))} />
            </Group>
          </Group>
          <Group gap="xs" wrap="wrap" mt={6}>
            <ColumnStatusBadge phase={phase} />
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
            <VersionPager count={version.count} index={version.index} onChange={(index) => onPickVersion(column, index)} label={modelName} />
          </Group>
        </div>

        <div className={classes.answerScroll} data-column-scroll tabIndex={0} role="group" aria-label={`${modelName}'s answer`} data-testid="column-scroll">
          {conversation && <ColumnThread turns={conversation.turns} question={conversation.question} />}
          {version.shown.earlier ? <EarlierVersionAnswer version={version.shown} /> : <NewestAnswer column={column} text={text} />}
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
            onToggleExpanded={tabId ? undefined : () => onToggleExpanded(column)}
            onRegenerate={phase === 'done' || phase === 'stopped' ? () => onRetry(column) : undefined}
          />
        )}
      </Stack>
    </Paper>
  );
});

