import { Stack } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { SearchRequestBody } from '../../../../../contract/ask.ts';
import { useAuth } from '../../../app-state/auth-context.tsx';
import { useCatalogue } from '../../../app-state/catalogue-context.tsx';
import { isComparisonRequest, useRunAgain } from '../../../app-state/run-again-context.tsx';
import type { ModelChoice } from '../../../catalogue/model-access.ts';
import { DEFAULT_AI_OVERVIEW_PARAMS, type AiOverviewParams } from '../../../components/ai-overview-settings/ai-overview-params.ts';
import { BuyCreditsAction } from '../../../components/buy-credits-action/buy-credits-action.tsx';
import { ErrorPanel } from '../../../components/error-panel/error-panel.tsx';
import { FollowUpBox } from '../../../components/follow-up-box/follow-up-box.tsx';
import { preloadMarkdownAnswer } from '../../../components/markdown-answer/lazy-markdown-answer.tsx';
import { NewRequestButton } from '../../../components/new-request-button/new-request-button.tsx';
import { LazyRequestActions } from '../../../components/request-actions/lazy-request-actions.tsx';
import { SEARCH_VALIDATION } from '../../../components/query-box/query-text.ts';
import { useSearchSettings } from '../../../components/search-settings/use-search-settings.ts';
import { isOpen } from '../../../requests/request-state.ts';
import { runErrorText } from '../../../requests/run-outcome-text.ts';
import { canFollowUp, columnThread, restoreEarlierTurns, turnFromState, type EarlierTurn } from '../../../requests/conversation.ts';
import { useRequestRunner } from '../../../requests/use-request-runner.ts';
import { aiOverviewParamsOf, restorableResults, settingsOf, singleBodyOf } from '../../../history/restore-request.ts';
import { watchedRequestToResume } from '../../../requests/watched-request.ts';
import { AskForm, useQueryDraft, useRequestPrice } from '../ask-form.tsx';
import { scrollToTop } from '../scroll-to-top.ts';
import { modelNames } from '../comparison/model-selection.ts';
import { LazyAnswerPanel, preloadAnswerPanel } from './answer-panel/lazy-answer-panel.tsx';
import { EngineModelPicker } from './engine-model-picker.tsx';
import { allowedSelection, defaultSelection, findModel, firstAllowedModel, type ModelSelection } from './model-selection.ts';

const AI_OVERVIEW_ENGINE = 'ai-overview';
const NO_ERRORS = { query: null, engine: null, model: null };

/** One engine, one model, one streamed answer. */
export function SingleView() {
  const { tier } = useAuth();
  const { catalogue } = useCatalogue();
  const runAgain = useRunAgain();
  const [selection, setSelection] = useState<ModelSelection>(() => defaultSelection(tier));
  const [aiOverviewParams, setAiOverviewParams] = useState<AiOverviewParams>(DEFAULT_AI_OVERVIEW_PARAMS);
  const [errors, setErrors] = useState<{ query: string | null; engine: string | null; model: string | null }>(NO_ERRORS);
  const draft = useQueryDraft(useCallback(() => setErrors((current) => ({ ...current, query: null })), []));
  const { query, setQuery } = draft;

  const { state, ask, askAgain, resume, restore, retry, stop, clear } = useRequestRunner('single');
  // The past request being put back from the history, until its earlier turns arrive (a new question cancels it).
  const restoring = useRef<string | null>(null);
  // A conversation: the finished turns so far, the question now being answered, and the settings it was asked with.
  const [earlierTurns, setEarlierTurns] = useState<readonly EarlierTurn[]>([]);
  const [asked, setAsked] = useState<SearchRequestBody | null>(null);
  // Counts the questions asked or resumed here: each new one is brought into view.
  const [answerKey, setAnswerKey] = useState(0);
  const bringIntoView = () => setAnswerKey((key) => key + 1);
  const loading = state.status === 'running';
  const column = state.columns[0] ?? null;

  // Fetch the answer panel and its renderer now, so they are ready before the first words of an answer arrive.
  useEffect(() => {
    preloadAnswerPanel();
    preloadMarkdownAnswer();
  }, []);

  // A model the tier may not use is swapped for the first allowed one (e.g. after signing out).
  useEffect(() => {
    if (!catalogue) return;
    const allowed = allowedSelection(catalogue, selection, tier);
    if (allowed.engine !== selection.engine || allowed.model !== selection.model) setSelection(allowed);
  }, [catalogue, selection, tier]);

  // An answer that was streaming when the page went away picks up where it is.
  useEffect(() => {
    const active = watchedRequestToResume('single');
    if (!active) return;
    const [asked] = active.models;
    if (asked) setSelection({ engine: asked.engine, model: asked.model });
    setQuery(active.query);
    if (active.body && 'specificModel' in active.body) setAsked(active.body);
    setAnswerKey((key) => key + 1);
    resume(active);
    // If it was a follow-up, the earlier turns of its conversation come back from the server.
    return restoreEarlierTurns(active.requestId, (turns, firstQuestion) => {
      setEarlierTurns(turns);
      setQuery(firstQuestion);
    });
  }, [resume, setQuery]);

  const choice = useMemo<ModelChoice[]>(() => {
    const model = catalogue ? findModel(catalogue, selection) : undefined;
    return model ? [{ engine: selection.engine, model }] : [];
  }, [catalogue, selection]);
  const settings = useSearchSettings(choice, true);
  const price = useRequestPrice(choice, settings.value.searchEnabled, true);
  const applySettings = settings.onChange;

  // From the history: "Run this prompt again" fills the form with the question, engine, model and every setting;
  // "Continue" also puts its answer (with its versions) and its conversation back, ready for a follow-up.
  useEffect(() => {
    const pending = runAgain.pending;
    if (!pending || isComparisonRequest(pending) || !catalogue) return;
    const continuing = runAgain.intent === 'continue';
    runAgain.taken();
    const [engine, model] = [pending.engine, pending.model];
    if (catalogue.models[engine]) setSelection(allowedSelection(catalogue, { engine, model }, tier));
    applySettings(settingsOf(pending));
    setAiOverviewParams(aiOverviewParamsOf(pending));
    setQuery(pending.query);
    const results = continuing ? restorableResults(pending) : null;
    if (!results) {
      draft.focus();
      return;
    }
    const body = singleBodyOf(pending);
    setEarlierTurns([]);
    setAsked(body);
    restore(pending.id, body, results);
    bringIntoView();
    restoring.current = pending.id;
    restoreEarlierTurns(pending.id, (turns, firstQuestion) => {
      if (restoring.current !== pending.id) return;
      setEarlierTurns(turns);
      setQuery(firstQuestion);
    });
  }, [runAgain, catalogue, tier, setQuery, draft.focus, applySettings, restore]);

  const canSubmit = query.trim() !== '' && selection.engine !== '' && selection.model !== '' && price.affordable && settings.problem === null;

  const handleSelection = useCallback(
    (next: ModelSelection) => {
      // Choosing an engine picks its first model this tier may use.
      const model = next.model || (catalogue && firstAllowedModel(catalogue, next.engine, tier)?.id) || '';
      setSelection({ engine: next.engine, model });
      setErrors((current) => ({ ...current, engine: null, model: null }));
    },
    [catalogue, tier],
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const problems = {
      query: query.trim() === '' ? SEARCH_VALIDATION.query : null,
      engine: selection.engine === '' ? SEARCH_VALIDATION.engine : null,
      model: selection.model === '' ? SEARCH_VALIDATION.model : null,
    };
    setErrors(problems);
    if (problems.query || problems.engine || problems.model || !canSubmit) return;
    const request: SearchRequestBody = {
      query: query.trim(),
      model: selection.engine,
      specificModel: selection.model,
      ...settings.requestFields(),
      ...(selection.engine === AI_OVERVIEW_ENGINE ? { aiOverviewParams } : {}),
    };
    // A question from the form starts a new conversation.
    restoring.current = null;
    setEarlierTurns([]);
    setAsked(request);
    bringIntoView();
    ask(request);
  };

  // One more question to the same model, which is given the conversation so far.
  const askFollowUp = (question: string) => {
    if (!asked || !state.requestId) return;
    restoring.current = null;
    const followUp: SearchRequestBody = { ...asked, query: question, followUpOf: state.requestId };
    setEarlierTurns((turns) => [...turns, turnFromState(asked.query, state)]);
    setAsked(followUp);
    bringIntoView();
    ask(followUp);
  };
  const followUpPrice = useRequestPrice(choice, asked?.searchEnabled ?? false, true);
  const conversation = useMemo(
    () => (column && asked && earlierTurns.length > 0 ? { turns: columnThread(earlierTurns, column), question: asked.query } : undefined),
    // The column's identity changes with every streamed word; its model does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [earlierTurns, asked, column?.engine, column?.model],
  );

  const handleClear = useCallback(() => {
    clear();
    scrollToTop();
  }, [clear]);

  const handleNewSearch = useCallback(() => {
    clear();
    setEarlierTurns([]);
    setAsked(null);
    setErrors(NO_ERRORS);
    setSelection(defaultSelection(tier));
    draft.startOver();
  }, [clear, draft.startOver, tier]);

  // A failed run speaks for itself; otherwise the request's own failure (a refusal, a broken stream).
  const error =
    column?.phase === 'error' && column.result
      ? { message: runErrorText(column.result.error), retryable: column.result.retryable }
      : state.error;
  const showAnswer = column !== null && (isOpen(column) || column.phase === 'done' || column.phase === 'stopped' || column.text !== '');

  return (
    <Stack gap="md">
      <AskForm
        label="Ask one model"
        onSubmit={handleSubmit}
        models={
          catalogue && (
            <EngineModelPicker
              catalogue={catalogue}
              tier={tier}
              selection={selection}
              disabled={loading}
              onChange={handleSelection}
              errors={{ engine: errors.engine, model: errors.model }}
            />
          )
        }
        aiOverview={{ shown: selection.engine === AI_OVERVIEW_ENGINE, value: aiOverviewParams, onChange: setAiOverviewParams }}
        settings={{ choices: choice, single: true, value: settings.value, onChange: settings.onChange }}
        draft={draft}
        price={price}
        box={{ loading, canSubmit, error: errors.query, submitLabel: 'Ask' }}
      />

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
          onNewSearch={handleNewSearch}
          onRegenerate={() => {
            // Another version of the same answer, inside the same request.
            bringIntoView();
            if (column) retry(column);
          }}
          conversation={conversation}
          followUp={canFollowUp(state) && asked ? <FollowUpBox price={followUpPrice} loading={loading} onAsk={askFollowUp} /> : undefined}
        />
      )}

      {column?.phase === 'done' && state.status === 'finished' && state.requestId && <LazyRequestActions requestId={state.requestId} />}

      {error && !showAnswer && <NewRequestButton label="New Search" onClick={handleNewSearch} testId="new-search-button" />}
    </Stack>
  );
}


/** "OpenAI · GPT-4o mini" for the answer's badge, as the catalogue names them. */
const namesText = (names: { engine: string; model: string }): string => `${names.engine} · ${names.model}`;
