import { Badge, Button, CloseButton, CopyButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { memo, useCallback, useRef, type ReactNode } from 'react';
import { creditsText } from '../../../../catalogue/model-access.ts';
import { LazyAnswerFacts } from '../../../../components/answer-facts/lazy-answer-facts.tsx';
import { brandMentionOf } from '../../../../components/brand-summary/brand-mention-of.ts';
import { LazyBrandSummary } from '../../../../components/brand-summary/lazy-brand-summary.tsx';
import { ColumnThread, type ColumnTurn } from '../../../../components/column-thread/column-thread.tsx';
import { LazyMarkdownAnswer } from '../../../../components/markdown-answer/lazy-markdown-answer.tsx';
import { NewRequestButton } from '../../../../components/new-request-button/new-request-button.tsx';
import { StopButton } from '../../../../components/stop-button/stop-button.tsx';
import { isOpen, type RunColumn } from '../../../../requests/request-state.ts';
import { useAnswerText } from '../../../../requests/use-answer-text.ts';
import { STOPPED_TEXT } from '../../../../requests/run-outcome-text.ts';
import { useFollowAnswer } from '../follow-answer.ts';
import { useAnswerShortcuts } from '../../../../requests/answer-shortcuts.ts';
import { useColumnVersion } from '../../../../requests/column-versions.ts';
import { EarlierVersionAnswer } from '../../../../components/version-pager/earlier-version-answer.tsx';
import { VersionPager } from '../../../../components/version-pager/version-pager.tsx';
import { askEdited, ConversationActionsContext, useConversationActions } from '../../../../requests/conversation-actions.ts';
import type { AskSession } from '../../../../requests/use-ask-session.ts';
import type { SearchRequestBody } from '../../../../../../contract/ask.ts';
import type { Catalogue } from '../../../../api/catalogue-api.ts';

export interface AnswerPanelProps {
  column: RunColumn;
  /** The model as people know it ("OpenAI · GPT-4o mini"), not its id. */
  modelName: string;
  /** Changes with every question asked (or resumed): the page brings that answer into view and follows it. */
  answerKey: number;
  onStop(column: RunColumn): void;
  onClear(): void;
  onNewSearch(): void;
  /** Asks the same question of the same model again (charged like a new answer). */
  onRegenerate(): void;
  /** In a conversation of follow-ups: the earlier turns and the question being answered now. */
  conversation?: { turns: readonly ColumnTurn[]; question: string } | undefined;
  /** Below a finished answer: the box for a follow-up question. */
  followUp?: ReactNode;
  /** What the conversation's questions offer: Edit (asked by `onEdit`) and their versions. */
  questions: {
    session: Pick<AskSession<SearchRequestBody>, 'state' | 'asked' | 'currentPlace' | 'earlierTurns' | 'askAfter'>;
    catalogue: Catalogue | null;
    bringIntoView(): void;
  };
}

/** The answer as it streams in, then its sources, what it cost and took, and a way to start over. */
export const AnswerPanel = memo(function AnswerPanel({ column, modelName, answerKey, onStop, onClear, onNewSearch, onRegenerate, conversation, followUp, questions }: AnswerPanelProps) {
  // Edit asks the question again as a new version of its turn, of the same model with the same settings.
  const latestQuestions = useRef(questions);
  latestQuestions.current = questions;
  const editQuestion = useCallback((requestId: string, question: string) => {
    const { session, bringIntoView } = latestQuestions.current;
    if (!session.asked) return;
    bringIntoView();
    askEdited(session, requestId, { ...session.asked, query: question });
  }, []);
  const questionActions = useConversationActions(questions.session, questions.catalogue, editQuestion);
  const streaming = isOpen(column);
  // Deferred while it grows, so typing or scrolling does not stutter when answers get long; exact once ended.
  const renderedAnswer = useAnswerText(column.text, streaming);
  const version = useColumnVersion(column);
  const { phase, result } = column;
  const stopped = phase === 'stopped';
  // Flipped back to an earlier version: its own text, facts and brand summary, never the newest's.
  const shown = version.shown;
  const shownResult = shown.earlier ? (shown.phase === 'done' ? shown.result : null) : phase === 'done' ? result : null;
  const shownSources = shown.earlier ? (shown.result?.sources ?? []) : column.sources;
  const shownText = shown.earlier ? shown.text : column.text;
  const brandMention = brandMentionOf(shownResult);
  const panel = useRef<HTMLDivElement>(null);
  useFollowAnswer(panel, answerKey, streaming, renderedAnswer);
  useAnswerShortcuts(panel, { answering: streaming && column.runId !== null, onStop: () => onStop(column) });

  return (
    // Clear of the fixed header when scrolled into view.
    <Paper withBorder p="md" aria-busy={streaming} data-testid="answer-panel" data-state={phase} ref={panel} style={{ scrollMarginTop: 72 }}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <Badge variant="light" tt="none" data-testid="model-badge">
              {modelName}
            </Badge>
            {result && (phase === 'done' || stopped) && !shown.earlier && (
              <Badge variant="outline" color="gray" data-testid="credits-used">
                {creditsText(result.creditsUsed)} used
              </Badge>
            )}
            {stopped && (
              <Badge variant="filled" color="gray" data-testid="answer-stopped">
                {STOPPED_TEXT}
              </Badge>
            )}
            {streaming && (
              <Group gap="xs" data-testid="streaming-indicator" role="status">
                <Loader size="xs" type="dots" />
                <Text size="sm" c="dimmed">
                  {column.text === '' ? 'Thinking...' : 'Answering…'}
                </Text>
              </Group>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {streaming && column.runId !== null && <StopButton onStop={() => onStop(column)} stopping={column.stopping} />}
            <CloseButton aria-label="Clear results" onClick={onClear} />
          </Group>
        </Group>

        {conversation && (
          <ConversationActionsContext value={questionActions}>
            <ColumnThread turns={conversation.turns} question={conversation.question} />
          </ConversationActionsContext>
        )}

        <VersionPager count={version.count} index={version.index} onChange={version.select} label={modelName} />

        {version.shown.earlier ? (
          <EarlierVersionAnswer version={version.shown} />
        ) : (
          // What a stopped answer had written stays readable, set back so it does not pass for a whole answer.
          <div data-testid="answer" style={stopped ? { opacity: 0.65 } : undefined}>
            <LazyMarkdownAnswer content={renderedAnswer} streaming={streaming} />
          </div>
        )}

        {(shown.earlier || !streaming) && <LazyAnswerFacts sources={shownSources} result={shownResult} />}

        {brandMention && <LazyBrandSummary mention={brandMention} />}

        {!streaming && (
          <Group gap={6}>
            {shownText !== '' && (
              <CopyButton value={shownText} timeout={2000}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="default" onClick={copy} data-testid="answer-copy">
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            )}
            {(phase === 'done' || stopped) && (
              <Button size="compact-xs" variant="default" onClick={onRegenerate} title="Ask this model again; charged like a new answer" data-testid="answer-regenerate">
                Regenerate
              </Button>
            )}
          </Group>
        )}

        {followUp}

        {!streaming && <NewRequestButton label="New Search" onClick={onNewSearch} testId="new-search-button" />}
      </Stack>
    </Paper>
  );
});
