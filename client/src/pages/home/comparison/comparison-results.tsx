import { Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import { creditsText } from '../../../catalogue/model-access.ts';
import { NewRequestButton } from '../../../components/new-request-button/new-request-button.tsx';
import { LazyRequestActions } from '../../../components/request-actions/lazy-request-actions.tsx';
import { LazyAnswerDifferences } from '../../../components/answer-differences/lazy-answer-differences.tsx';
import { isOpen, totalCreditsUsed, type RequestState, type RunColumn } from '../../../requests/request-state.ts';
import { columnThread, type EarlierTurn } from '../../../requests/conversation.ts';
import type { ColumnTurn } from '../../../components/column-thread/column-thread.tsx';
import { ComparisonColumnCard } from './comparison-column-card.tsx';
import { FinishedResults } from './finished-results.tsx';
import { ComparisonEconomicsLine } from './comparison-economics-line.tsx';
import { setShowFigures, useShowFigures } from '../../../app-state/show-figures.ts';
import classes from './comparison-grid.module.css';
import { useSyncedScroll } from './synced-scroll.ts';
import { useAnswerShortcuts } from '../../../requests/answer-shortcuts.ts';
import { modelNames } from '../../../catalogue/model-names.ts';
import { checklistLabel, selectionKey } from './model-selection.ts';
import { ColumnTabs } from './column-tabs.tsx';
import { LazyColumnFocusView } from './lazy-column-focus-view.tsx';
import { useComparisonWorkspace } from './use-comparison-workspace.ts';
import { WorkspaceBar } from './workspace-bar.tsx';

export interface ComparisonResultsProps {
  state: RequestState;
  /** Earlier turns of the conversation, oldest first, and the question being answered now (empty for a first question). */
  conversation: { turns: readonly EarlierTurn[]; question: string; versioned?: boolean };
  /** Below finished answers: the box to ask a follow-up (absent when one cannot be asked). */
  followUp?: ReactNode;
  catalogue: Catalogue | null;
  onRetry(column: RunColumn): void;
  onStop(column: RunColumn): void;
  onStopAll(): void;
  onNewComparison(): void;
}

/** The results grid: one column per model, the total spent, Stop all while any answers, New Comparison at the end. */
export function ComparisonResults({ state, conversation, followUp, catalogue, onRetry, onStop, onStopAll, onNewComparison }: ComparisonResultsProps) {
  const open = state.columns.filter(isOpen);
  const finished = state.columns.length - open.length;
  const showNewComparison = state.status === 'finished' && open.length === 0;
  const stoppingAll = open.length > 0 && open.every((column) => column.stopping);
  const [expandedKey, setExpandedKey] = useState<string | null>(null);
  const toggleExpanded = useCallback((column: RunColumn) => setExpandedKey((key) => (key === selectionKey(column) ? null : selectionKey(column))), []);
  const [synced, setSynced] = useState(false);
  const [showDifferences, setShowDifferences] = useState(false);
  const showFigures = useShowFigures();
  const answered = state.columns.filter((column) => column.phase === 'done' && column.text);
  const canCompare = showNewComparison && answered.length > 1;
  const grid = useRef<HTMLDivElement>(null);
  const workspace = useComparisonWorkspace(state.columns);
  const tabs = workspace.layout === 'tabs';
  useSyncedScroll(grid, synced && !tabs);
  useAnswerShortcuts(grid, { answering: open.length > 0, onStop: onStopAll, onMove: tabs ? workspace.moveTab : undefined });
  const count = workspace.visibleKeys.length;
  const across = { '--cols-md': Math.min(count, 2), '--cols-lg': Math.min(count, 3), '--cols-xl': Math.min(count, 4) } as CSSProperties;
  // The answers in view, in the order asked, with the names their tabs and the focus view show.
  const shownColumns = state.columns
    .filter((column) => !workspace.isHidden(selectionKey(column)))
    .map((column) => {
      const names = modelNames(catalogue, column);
      const key = selectionKey(column);
      return { key, column, engineName: names.engine, modelName: names.model, tabId: workspace.tabId(key), panelId: workspace.panelId(key) };
    });
  const canHide = count > 1;

  // Each column's side of the conversation, rebuilt only when a turn is added, not on every streamed word.
  const modelKeys = state.columns.map(selectionKey).join(',');
  const threads = useMemo(() => {
    const byColumn = new Map<string, { turns: ColumnTurn[]; question: string }>();
    // A first question shows above its answers only once it has been edited: its bubble switches the versions.
    if (conversation.turns.length === 0 && !conversation.versioned) return byColumn;
    for (const key of modelKeys.split(',')) {
      const [engine = '', ...model] = key.split('/');
      byColumn.set(key, { turns: columnThread(conversation.turns, { engine, model: model.join('/') }), question: conversation.question });
    }
    return byColumn;
  }, [conversation, modelKeys]);

  return (
    <Stack gap="md" component="section" aria-labelledby="comparison-results-title" data-testid="comparison-results">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="sm" align="baseline" wrap="wrap">
          {/* Clear of the fixed header when a continued request is brought into view. */}
          <Title order={2} size="h4" id="comparison-results-title" style={{ scrollMarginTop: 72 }}>
            Results
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="finished-count">
            {finished} of {state.columns.length} finished
          </Text>
          <Text size="xs" c="dimmed" visibleFrom="sm">
            Esc stops · Alt+←/→ moves between answers
          </Text>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={500} data-testid="total-credits">
            Total credits used: {creditsText(totalCreditsUsed(state))}
          </Text>
          {count > 1 && !tabs && (
            <Switch size="sm" label="Sync scrolling" checked={synced} onChange={(event) => setSynced(event.currentTarget.checked)} data-testid="sync-scroll" />
          )}
          <Switch size="sm" label="Show figures" checked={showFigures} onChange={(event) => setShowFigures(event.currentTarget.checked)} data-testid="show-figures" />
          {canCompare && (
            <Switch size="sm" label="Show differences" checked={showDifferences} onChange={(event) => setShowDifferences(event.currentTarget.checked)} data-testid="show-differences" />
          )}
          {open.length > 0 && (
            <Button size="compact-sm" variant="default" onClick={onStopAll} loading={stoppingAll} disabled={stoppingAll} data-testid="stop-all">
              Stop all
            </Button>
          )}
        </Group>
      </Group>

      <WorkspaceBar
        layout={workspace.layout}
        canChooseLayout={count > 1}
        onLayoutChange={workspace.setLayout}
        hidden={workspace.hiddenKeys.map((key) => {
          const column = state.columns.find((candidate) => selectionKey(candidate) === key)!;
          return { key, label: checklistLabel(modelNames(catalogue, column)) };
        })}
        onShow={workspace.show}
        onShowAll={workspace.showAll}
      />

      {/* The workspace: its tab strip (when tabbed) publishes its height here for the answers' sticky headers. */}
      <div data-workspace>
        {tabs && <ColumnTabs tabs={shownColumns} activeKey={workspace.activeKey} onSelect={workspace.selectTab} />}
        <div className={classes.grid} style={across} ref={grid} data-layout={workspace.layout} data-testid="comparison-grid">
          {shownColumns.map(({ key, column, engineName, modelName, tabId, panelId }) => (
            <ComparisonColumnCard
              key={key}
              column={column}
              engineName={engineName}
              modelName={modelName}
              onRetry={onRetry}
              onStop={onStop}
              conversation={threads.get(key)}
              expanded={expandedKey === key}
              onToggleExpanded={toggleExpanded}
              panelId={panelId}
              tabId={tabs ? tabId : null}
              tabActive={tabs && workspace.activeKey === key}
              versionPick={workspace.versionPicks.get(key)}
              onPickVersion={workspace.pickVersion}
              onFocus={workspace.openFocus}
              onHide={canHide ? workspace.hide : undefined}
            />
          ))}
        </div>
      </div>

      <LazyColumnFocusView
        everOpened={workspace.focusEverOpened}
        columns={shownColumns}
        focusedKey={workspace.focusedKey}
        versionPicks={workspace.versionPicks}
        onPickVersion={workspace.pickVersion}
        onMove={workspace.moveFocus}
        onClose={workspace.closeFocus}
      />

      {showFigures && showNewComparison && <ComparisonEconomicsLine columns={state.columns} catalogue={catalogue} />}

      <FinishedResults columns={state.columns} catalogue={catalogue} />

      {canCompare && showDifferences && (
        <LazyAnswerDifferences
          requestId={state.requestId}
          answers={answered.map((column) => ({ key: selectionKey(column), title: modelNames(catalogue, column).model, text: column.text }))}
        />
      )}

      {showNewComparison && state.requestId && <LazyRequestActions requestId={state.requestId} />}

      {followUp}

      {showNewComparison && <NewRequestButton label="New Comparison" onClick={onNewComparison} testId="new-comparison" align="center" />}
    </Stack>
  );
}
