import { Stack } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '../../../app-state/auth-context.tsx';
import { useCatalogue } from '../../../app-state/catalogue-context.tsx';
import { isComparisonRequest, useRunAgain } from '../../../app-state/run-again-context.tsx';
import { allChoices } from '../../../catalogue/model-access.ts';
import { DEFAULT_AI_OVERVIEW_PARAMS, type AiOverviewParams } from '../../../components/ai-overview-settings/ai-overview-params.ts';
import { BuyCreditsAction } from '../../../components/buy-credits-action/buy-credits-action.tsx';
import { ErrorPanel } from '../../../components/error-panel/error-panel.tsx';
import { FollowUpBox } from '../../../components/follow-up-box/follow-up-box.tsx';
import { preloadMarkdownAnswer } from '../../../components/markdown-answer/lazy-markdown-answer.tsx';
import { limitQueryLength } from '../../../components/query-box/query-text.ts';
import { useSearchSettings } from '../../../components/search-settings/use-search-settings.ts';
import { canFollowUp, restoreEarlierTurns, turnFromState, type EarlierTurn } from '../../../requests/conversation.ts';
import { useRequestRunner } from '../../../requests/use-request-runner.ts';
import { aiOverviewParamsOf, compareBodyOf, restorableResults, settingsOf } from '../../../history/restore-request.ts';
import { watchedRequestToResume } from '../../../requests/watched-request.ts';
import { AskForm, useQueryDraft, useRequestPrice } from '../ask-form.tsx';
import { ComparisonLocked } from './comparison-locked.tsx';
import { AI_OVERVIEW_ENGINE, buildCompareRequest, hasProblems, validateComparison, type ComparisonProblems } from './comparison-request.ts';
import { ComparisonResults } from './comparison-results.tsx';
import { ModelChecklist } from './model-checklist.tsx';
import { choicePair, keysFor, selectedChoices, selectionKey, type SelectionKey } from './model-selection.ts';
import { requestedModels } from './requested-models.ts';

const NO_PROBLEMS: ComparisonProblems = { models: null, query: null };
// One object for every render: a new one each time would undo the question box's memo, and the box (its autosizing
// textarea measures itself after every render) would re-render for every streamed word.
const QUERY_BOX_TEST_IDS = { input: 'comparison-query-input', submit: 'compare-button' };

/** The comparison view: pick models, ask once, watch every model answer in its own column. */
export function ComparisonView() {
  const { tier } = useAuth();
  // Guests cannot compare; the server would refuse, so the view does not offer the form.
  return tier === 'free' ? <ComparisonLocked /> : <ComparisonForm />;
}

function ComparisonForm() {
  const { tier } = useAuth();
  const { catalogue } = useCatalogue();
  const runAgain = useRunAgain();
  const { state, ask, askAgain, resume, restore, retry, stop, stopAll, clear } = useRequestRunner('comparison');
  const [selected, setSelected] = useState<ReadonlySet<SelectionKey>>(() => new Set());
  const [aiOverviewParams, setAiOverviewParams] = useState<AiOverviewParams>(DEFAULT_AI_OVERVIEW_PARAMS);
  const [problems, setProblems] = useState<ComparisonProblems>(NO_PROBLEMS);
  // A conversation: the finished turns so far and the question now being answered.
  const [earlierTurns, setEarlierTurns] = useState<readonly EarlierTurn[]>([]);
  const [currentQuestion, setCurrentQuestion] = useState('');
  const draft = useQueryDraft(useCallback(() => setProblems((current) => ({ ...current, query: null })), []));
  const { query, setQuery } = draft;
  const loading = state.status === 'running';

  const choices = useMemo(() => (catalogue ? allChoices(catalogue) : []), [catalogue]);
  const selection = useMemo(() => selectedChoices(choices, selected), [choices, selected]);
  const settings = useSearchSettings(selection, false);
  const price = useRequestPrice(selection, settings.value.searchEnabled, false);
  const asksAiOverview = selection.some((choice) => choice.engine === AI_OVERVIEW_ENGINE);

  // Fetch the answer renderer now, so it is ready before the first words arrive.
  useEffect(preloadMarkdownAnswer, []);

  // A comparison that was streaming when the page went away: show its question and models, and follow it again;
  // if it was a follow-up, the earlier turns of its conversation come back from the server.
  useEffect(() => {
    const active = watchedRequestToResume('comparison');
    if (!active) return;
    setQuery(active.query);
    setCurrentQuestion(active.query);
    setSelected(new Set(active.models.map(selectionKey)));
    resume(active);
    return restoreEarlierTurns(active.requestId, (turns, firstQuestion) => {
      setEarlierTurns(turns);
      setQuery(firstQuestion);
    });
  }, [resume, setQuery]);

  // From the history: "Run this prompt again" fills the form with the question, the models and every setting, once
  // the catalogue can name them; "Continue" also puts the answers (with their versions) and the conversation back.
  const applySettings = settings.onChange;
  const restoring = useRef<string | null>(null);
  // A continued request's answers are brought into view once they are back on the page.
  const [revealResults, setRevealResults] = useState(false);
  const restoredColumns = state.columns.length;
  useEffect(() => {
    if (!revealResults || restoredColumns === 0) return;
    setRevealResults(false);
    document.getElementById('comparison-results-title')?.scrollIntoView({ block: 'start' });
  }, [revealResults, restoredColumns]);
  useEffect(() => {
    const pending = runAgain.pending;
    if (!pending || !isComparisonRequest(pending) || !catalogue) return;
    const continuing = runAgain.intent === 'continue';
    runAgain.taken();
    const models = requestedModels(pending);
    setQuery(limitQueryLength(pending.query));
    setSelected(keysFor(models, choices, tier));
    applySettings(settingsOf(pending));
    setAiOverviewParams(aiOverviewParamsOf(pending));
    setProblems(NO_PROBLEMS);
    const results = continuing ? restorableResults(pending) : null;
    if (!results) {
      draft.focus();
      return;
    }
    setEarlierTurns([]);
    setCurrentQuestion(pending.query);
    restore(pending.id, compareBodyOf(pending, models), results);
    setRevealResults(true);
    restoring.current = pending.id;
    restoreEarlierTurns(pending.id, (turns, firstQuestion) => {
      if (restoring.current !== pending.id) return;
      setEarlierTurns(turns);
      setQuery(firstQuestion);
    });
  }, [runAgain, catalogue, choices, tier, setQuery, draft.focus, applySettings, restore]);

  const conversation = useMemo(() => ({ turns: earlierTurns, question: currentQuestion }), [earlierTurns, currentQuestion]);

  const handleSelection = useCallback((next: Set<SelectionKey>) => {
    setSelected(next);
    setProblems((current) => ({ ...current, models: null }));
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const found = validateComparison(query, selection.length);
    setProblems(found);
    if (hasProblems(found) || !price.affordable || settings.problem !== null) return;
    // A question from the top form starts a new conversation.
    restoring.current = null;
    setEarlierTurns([]);
    setCurrentQuestion(query.trim());
    ask(buildCompareRequest(query, selection.map(choicePair), settings.requestFields(), aiOverviewParams));
  };

  // The same models again, each continuing its own conversation: the finished turn joins the thread.
  const askFollowUp = (question: string) => {
    if (!state.requestId) return;
    const models = state.columns.map(({ engine, model }) => ({ engine, model }));
    restoring.current = null;
    setEarlierTurns((turns) => [...turns, turnFromState(currentQuestion, state)]);
    setCurrentQuestion(question);
    ask({ ...buildCompareRequest(question, models, settings.requestFields(), aiOverviewParams), followUpOf: state.requestId });
  };
  const askedChoices = useMemo(() => {
    const asked = new Set(state.columns.map(selectionKey));
    return choices.filter((choice) => asked.has(selectionKey(choicePair(choice))));
  }, [choices, state.columns]);
  const followUpPrice = useRequestPrice(askedChoices, settings.value.searchEnabled, false);

  const handleNewComparison = useCallback(() => {
    clear();
    setEarlierTurns([]);
    setProblems(NO_PROBLEMS);
    draft.startOver();
  }, [clear, draft.startOver]);

  return (
    <Stack gap="md">
      <AskForm
        label="Compare models"
        onSubmit={handleSubmit}
        models={
          catalogue && (
            <ModelChecklist catalogue={catalogue} choices={choices} tier={tier} selected={selected} onChange={handleSelection} error={problems.models} cost={price.cost} />
          )
        }
        aiOverview={{ shown: asksAiOverview, value: aiOverviewParams, onChange: setAiOverviewParams }}
        settings={{ choices: selection, single: false, value: settings.value, onChange: settings.onChange }}
        draft={draft}
        price={price}
        // Empty fields are reported on submit; only cost and loading disable the button.
        box={{
          loading,
          canSubmit: price.affordable && settings.problem === null,
          error: problems.query,
          submitLabel: 'Compare',
          testIds: QUERY_BOX_TEST_IDS,
        }}
      />

      {state.error && (
        <ErrorPanel
          message={state.error.message}
          retryable={state.error.retryable}
          onRetry={askAgain}
          action={state.error.code === 'INSUFFICIENT_CREDITS' ? <BuyCreditsAction /> : undefined}
        />
      )}

      {state.columns.length > 0 && (
        <ComparisonResults
          state={state}
          conversation={conversation}
          followUp={canFollowUp(state) ? <FollowUpBox price={followUpPrice} loading={loading} onAsk={askFollowUp} /> : undefined}
          catalogue={catalogue}
          onRetry={retry}
          onStop={stop}
          onStopAll={stopAll}
          onNewComparison={handleNewComparison}
        />
      )}
    </Stack>
  );
}
