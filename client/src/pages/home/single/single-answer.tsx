import { useCallback, useMemo } from 'react';
import type { SearchRequestBody } from '../../../../../contract/ask.ts';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import type { ModelChoice } from '../../../catalogue/model-access.ts';
import { modelNames } from '../../../catalogue/model-names.ts';
import { BuyCreditsAction } from '../../../components/buy-credits-action/buy-credits-action.tsx';
import { ErrorPanel } from '../../../components/error-panel/error-panel.tsx';
import { LazyFollowUpBox } from '../../../components/follow-up-box/lazy-follow-up-box.tsx';
import { NewRequestButton } from '../../../components/new-request-button/new-request-button.tsx';
import { LazyRequestActions } from '../../../components/request-actions/lazy-request-actions.tsx';
import { canFollowUp, columnThread } from '../../../requests/conversation.ts';
import { isOpen } from '../../../requests/request-state.ts';
import { runErrorText } from '../../../requests/run-outcome-text.ts';
import type { AskSession } from '../../../requests/use-ask-session.ts';
import { useRequestPrice } from '../ask-form.tsx';
import { scrollToTop } from '../scroll-to-top.ts';
import { LazyAnswerPanel } from './answer-panel/lazy-answer-panel.tsx';

export interface SingleAnswerProps {
  session: AskSession<SearchRequestBody>;
  catalogue: Catalogue | null;
  /** The model asked, for the follow-up's price. */
  choice: readonly ModelChoice[];
  /** Changes with each question asked or resumed, which brings its answer into view. */
  answerKey: number;
  bringIntoView(): void;
  onNewSearch(): void;
}

/** Below the single view's form: the answer with its conversation and follow-up, or what went wrong. */
export function SingleAnswer({ session, catalogue, choice, answerKey, bringIntoView, onNewSearch }: SingleAnswerProps) {
  const { state, asked, earlierTurns, askAgain, retry, stop, clear } = session;
  const column = state.columns[0] ?? null;
  const loading = state.status === 'running';

  // One more question to the same model, which is given the conversation so far.
  const askFollowUp = (question: string, attachmentIds?: string[]) => {
    if (!asked || !state.requestId) return;
    bringIntoView();
    session.askFollowUp({ ...asked, query: question, ...(attachmentIds ? { attachmentIds } : {}) });
  };
  const followUpPrice = useRequestPrice(choice, asked?.searchEnabled ?? false, true);
  // An edited question never is the first of a thread alone: its versions need the bubble that switches them.
  const versioned = (session.currentPlace?.versions.length ?? 0) > 1;
  const conversation = useMemo(
    () => (column && asked && (earlierTurns.length > 0 || versioned) ? { turns: columnThread(earlierTurns, column), question: asked.query } : undefined),
    // The column's identity changes with every streamed word; its model does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [earlierTurns, asked, versioned, column?.engine, column?.model],
  );

  const handleClear = useCallback(() => {
    clear();
    scrollToTop();
  }, [clear]);

  // A failed run speaks for itself; otherwise the request's own failure (a refusal, a broken stream).
  const error =
    column?.phase === 'error' && column.result ? { message: runErrorText(column.result.error), retryable: column.result.retryable } : state.error;
  const showAnswer = column !== null && (isOpen(column) || column.phase === 'done' || column.phase === 'stopped' || column.text !== '');

  return (
    <>
      {error && (
        <ErrorPanel
          message={error.message}
          retryable={error.retryable}
          onRetry={askAgain}
          onClear={handleClear}
          action={state.error?.code === 'INSUFFICIENT_CREDITS' ? <BuyCreditsAction /> : undefined}
        />
      )}

      {column && showAnswer && (
        <LazyAnswerPanel
          column={column}
          modelName={namesText(modelNames(catalogue, column))}
          answerKey={answerKey}
          onStop={stop}
          onClear={handleClear}
          onNewSearch={onNewSearch}
          onRegenerate={() => {
            // Another version of the same answer, inside the same request.
            bringIntoView();
            retry(column);
          }}
          conversation={conversation}
          questions={{ session, catalogue, bringIntoView }}
          followUp={canFollowUp(state) && asked ? <LazyFollowUpBox price={followUpPrice} loading={loading} onAsk={askFollowUp} followUpOf={state.requestId ?? undefined} /> : undefined}
        />
      )}

      {column?.phase === 'done' && state.status === 'finished' && state.requestId && <LazyRequestActions requestId={state.requestId} />}

      {error && !showAnswer && <NewRequestButton label="New Search" onClick={onNewSearch} testId="new-search-button" />}
    </>
  );
}

/** "OpenAI · GPT-4o mini" for the answer's badge, as the catalogue names them. */
const namesText = (names: { engine: string; model: string }): string => `${names.engine} · ${names.model}`;
