import { Stack } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { SearchRequestBody } from '../../../../../contract/ask.ts';
import { useAuth } from '../../../app-state/auth-context.tsx';
import { useCatalogue } from '../../../app-state/catalogue-context.tsx';
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
import { canFollowUp, columnThread } from '../../../requests/conversation.ts';
import { useAskSession } from '../../../requests/use-ask-session.ts';
import { aiOverviewParamsOf, settingsOf, singleBodyOf } from '../../../history/restore-request.ts';
import { AskForm, useQueryDraft, useRequestPrice } from '../ask-form.tsx';
import { scrollToTop } from '../scroll-to-top.ts';
import { modelNames } from '../../../catalogue/model-names.ts';
import { LazyAnswerPanel, preloadAnswerPanel } from './answer-panel/lazy-answer-panel.tsx';
import { EngineModelPicker } from './engine-model-picker.tsx';
import { allowedSelection, DEFAULT_ENGINE, DEFAULT_MODEL, findModel, firstAllowedModel, type ModelSelection } from './model-selection.ts';

const AI_OVERVIEW_ENGINE = 'ai-overview';
const NO_ERRORS = { query: null, engine: null, model: null };

/** One engine, one model, one streamed answer. */
export function SingleView() {
  const { tier } = useAuth();
  const { catalogue } = useCatalogue();
  const [selection, setSelection] = useState<ModelSelection>({ engine: DEFAULT_ENGINE, model: DEFAULT_MODEL });
  const [aiOverviewParams, setAiOverviewParams] = useState<AiOverviewParams>(DEFAULT_AI_OVERVIEW_PARAMS);
  const [errors, setErrors] = useState<{ query: string | null; engine: string | null; model: string | null }>(NO_ERRORS);
  const draft = useQueryDraft(useCallback(() => setErrors((current) => ({ ...current, query: null })), []));
  const { query, setQuery } = draft;

  // Counts the questions asked or resumed here: each new one is brought into view.
  const [answerKey, setAnswerKey] = useState(0);
  const bringIntoView = () => setAnswerKey((key) => key + 1);

  const choice = useMemo<ModelChoice[]>(() => {
    const model = catalogue ? findModel(catalogue, selection) : undefined;
    return model ? [{ engine: selection.engine, model }] : [];
  }, [catalogue, selection]);
  const settings = useSearchSettings(choice, true);
  const price = useRequestPrice(choice, settings.value.searchEnabled, true);

  const session = useAskSession('single', {
    // An answer that was streaming when the page went away picks up where it is.
    resumed(active) {
      const [resumed] = active.models;
      if (resumed) setSelection({ engine: resumed.engine, model: resumed.model });
      setQuery(active.query);
      bringIntoView();
    },
    firstQuestion: setQuery,
    // From the history: "Run this prompt again" fills the form with the question, engine, model and every setting;
    // "Continue" also puts its answer (with its versions) and its conversation back, ready for a follow-up.
    fromHistory: catalogue && {
      fill(request) {
        if (catalogue.models[request.engine]) setSelection(allowedSelection(catalogue, { engine: request.engine, model: request.model }, tier));
        settings.onChange(settingsOf(request));
        setAiOverviewParams(aiOverviewParamsOf(request));
        setQuery(request.query);
        return singleBodyOf(request);
      },
      focus: draft.focus,
      restored: bringIntoView,
    },
  });
  const { state, asked, askAgain, retry, stop } = session;
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
    bringIntoView();
    session.askNew(request);
  };

  // One more question to the same model, which is given the conversation so far.
  const askFollowUp = (question: string) => {
    if (!asked || !state.requestId) return;
    bringIntoView();
    session.askFollowUp({ ...asked, query: question });
  };
  const followUpPrice = useRequestPrice(choice, asked?.searchEnabled ?? false, true);
  const conversation = useMemo(
    () => (column && asked && session.earlierTurns.length > 0 ? { turns: columnThread(session.earlierTurns, column), question: asked.query } : undefined),
    // The column's identity changes with every streamed word; its model does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [session.earlierTurns, asked, column?.engine, column?.model],
  );

  const { clear, startOver } = session;
  const handleClear = useCallback(() => {
    clear();
    scrollToTop();
  }, [clear]);

  const handleNewSearch = useCallback(() => {
    startOver();
    setErrors(NO_ERRORS);
    setSelection({ engine: DEFAULT_ENGINE, model: DEFAULT_MODEL });
    draft.startOver();
  }, [startOver, draft.startOver]);

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
