import { Stack } from '@mantine/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useAuth } from '../../../app-state/auth-context.tsx';
import { useCatalogue } from '../../../app-state/catalogue-context.tsx';
import { DEFAULT_AI_OVERVIEW_PARAMS, type AiOverviewParams } from '../../../components/ai-overview-settings/ai-overview-params.ts';
import { preloadMarkdownAnswer } from '../../../components/markdown-answer/lazy-markdown-answer.tsx';
import { useSearchSettings } from '../../../components/search-settings/use-search-settings.ts';
import { aiOverviewParamsOf, settingsOf, singleBodyOf } from '../../../history/restore-request.ts';
import { useAskSession } from '../../../requests/use-ask-session.ts';
import { AskForm, attachmentCreditsOf, useQueryDraft, useRequestPrice } from '../ask-form.tsx';
import { preloadAnswerPanel } from './answer-panel/lazy-answer-panel.tsx';
import { EngineModelPicker } from './engine-model-picker.tsx';
import { allowedSelection, defaultSelection, firstAllowedModel, type ModelSelection } from './model-selection.ts';
import { SingleAnswer } from './single-answer.tsx';
import { AI_OVERVIEW_ENGINE, buildSearchRequest, NO_PROBLEMS, singleProblems, type SingleProblems } from './single-request.ts';
import { useModelSelection } from './use-model-selection.ts';
import { useRunAgain } from '../../../app-state/run-again-context.tsx';

/** One engine, one model, one streamed answer. */
export function SingleView() {
  const { tier } = useAuth();
  const { catalogue } = useCatalogue();
  const { selection, setSelection, choice } = useModelSelection(catalogue, tier);
  const [aiOverviewParams, setAiOverviewParams] = useState<AiOverviewParams>(DEFAULT_AI_OVERVIEW_PARAMS);
  const [errors, setErrors] = useState<SingleProblems>(NO_PROBLEMS);
  const draft = useQueryDraft(useCallback(() => setErrors((current) => ({ ...current, query: null })), []));
  const { query, setQuery } = draft;
  const settings = useSearchSettings(choice, true);
  const price = useRequestPrice(choice, settings.value.searchEnabled, true, attachmentCreditsOf(draft.attachments));
  // Counts the questions asked or resumed here: each new one is brought into view.
  const [answerKey, setAnswerKey] = useState(0);
  const bringIntoView = () => setAnswerKey((key) => key + 1);

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
  const loading = session.state.status === 'running';

  // "Continue with this model only" from the comparison view: this view asks the question itself, so it follows the
  // answer, and its conversation (the comparison's turns, that model's side) is read back from the server.
  const { fork, continueAlone } = useRunAgain();
  useEffect(() => {
    if (!fork) return;
    continueAlone(null);
    setSelection({ engine: fork.model, model: fork.specificModel });
    bringIntoView();
    session.askAfter([], fork, true);
    // Once per question handed over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fork]);

  // Fetch the answer panel and its renderer now, so they are ready before the first words of an answer arrive.
  useEffect(() => {
    preloadAnswerPanel();
    preloadMarkdownAnswer();
  }, []);

  const canSubmit = query.trim() !== '' && selection.engine !== '' && selection.model !== '' && price.affordable && settings.problem === null;

  const handleSelection = useCallback(
    (next: ModelSelection) => {
      // Choosing an engine picks its first model this tier may use.
      const model = next.model || (catalogue && firstAllowedModel(catalogue, next.engine, tier)?.id) || '';
      setSelection({ engine: next.engine, model });
      setErrors((current) => ({ ...current, engine: null, model: null }));
    },
    [catalogue, tier, setSelection],
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const problems = singleProblems(query, selection);
    setErrors(problems);
    if (problems.query || problems.engine || problems.model || !canSubmit) return;
    // A question from the form starts a new conversation.
    bringIntoView();
    session.askNew({ ...buildSearchRequest(query, selection, settings.requestFields(), aiOverviewParams), ...draft.takeAttachments() });
  };

  const { startOver } = session;
  const handleNewSearch = useCallback(() => {
    startOver();
    setErrors(NO_PROBLEMS);
    setSelection(defaultSelection(tier));
    draft.startOver();
  }, [startOver, setSelection, draft.startOver, tier]);

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
      <SingleAnswer
        session={session}
        catalogue={catalogue}
        choice={choice}
        answerKey={answerKey}
        bringIntoView={bringIntoView}
        onNewSearch={handleNewSearch}
      />
    </Stack>
  );
}
