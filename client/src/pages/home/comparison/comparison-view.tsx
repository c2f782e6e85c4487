import { Stack } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '../../../app-state/auth-context.tsx';
import { useCatalogue } from '../../../app-state/catalogue-context.tsx';
import { allChoices } from '../../../catalogue/model-access.ts';
import { DEFAULT_AI_OVERVIEW_PARAMS, type AiOverviewParams } from '../../../components/ai-overview-settings/ai-overview-params.ts';
import { BuyCreditsAction } from '../../../components/buy-credits-action/buy-credits-action.tsx';
import { ErrorPanel } from '../../../components/error-panel/error-panel.tsx';
import { FollowUpBox } from '../../../components/follow-up-box/follow-up-box.tsx';
import { preloadMarkdownAnswer } from '../../../components/markdown-answer/lazy-markdown-answer.tsx';
import { limitQueryLength } from '../../../components/query-box/query-text.ts';
import { useSearchSettings } from '../../../components/search-settings/use-search-settings.ts';
import { canFollowUp } from '../../../requests/conversation.ts';
import { useAskSession } from '../../../requests/use-ask-session.ts';
import { aiOverviewParamsOf, compareBodyOf, settingsOf } from '../../../history/restore-request.ts';
import { AskForm, attachmentCreditsOf, useQueryDraft, useRequestPrice } from '../ask-form.tsx';
import { ComparisonLocked } from './comparison-locked.tsx';
import { AI_OVERVIEW_ENGINE, buildCompareRequest, hasProblems, validateComparison, type ComparisonProblems } from './comparison-request.ts';
import { ComparisonResults } from './comparison-results.tsx';
import { ModelChecklist } from './model-checklist.tsx';
import { choicePair, keysFor, selectedChoices, selectionKey, type SelectionKey } from './model-selection.ts';
import { requestedModels } from './requested-models.ts';
import { useRevealResults } from './use-reveal-results.ts';
import { ContinueChoiceContext, type ContinueChoice } from './continue-choice.ts';
import { FollowUpMode } from './follow-up-mode.tsx';
import { askEdited, ConversationActionsContext, modelTitle, useConversationActions } from '../../../requests/conversation-actions.ts';
import { turnModels } from './turn-models.ts';
import { retryBody } from '../../../requests/retry-body.ts';
import { useRunAgain } from '../../../app-state/run-again-context.tsx';
import { rememberAskedSettings, withColumnSettings } from './column-settings-store.ts';
import { LazyTeamBar } from '../../../components/teams/lazy-team-bar.tsx';
import { setTeamJudge } from '../../../components/teams/team-judge-choice.ts';
import type { Team } from '../../../api/teams-api.ts';
import { PickedModelSettings } from './column-settings-button.tsx';

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
  const [selected, setSelected] = useState<ReadonlySet<SelectionKey>>(() => new Set());
  const [aiOverviewParams, setAiOverviewParams] = useState<AiOverviewParams>(DEFAULT_AI_OVERVIEW_PARAMS);
  const [problems, setProblems] = useState<ComparisonProblems>(NO_PROBLEMS);
  const draft = useQueryDraft(useCallback(() => setProblems((current) => ({ ...current, query: null })), []));
  const { query, setQuery } = draft;

  const choices = useMemo(() => (catalogue ? allChoices(catalogue) : []), [catalogue]);
  const selection = useMemo(() => selectedChoices(choices, selected), [choices, selected]);
  const settings = useSearchSettings(selection, false);
  const price = useRequestPrice(selection, settings.value.searchEnabled, false, attachmentCreditsOf(draft.attachments));
  const asksAiOverview = selection.some((choice) => choice.engine === AI_OVERVIEW_ENGINE);

  const session = useAskSession('comparison', {
    // A comparison that was streaming when the page went away: show its question and models, and follow it again.
    resumed(active) {
      setQuery(active.query);
      setSelected(new Set(active.models.map(selectionKey)));
    },
    firstQuestion: setQuery,
    // From the history: "Run this prompt again" fills the form with the question, the models and every setting, once
    // the catalogue can name them; "Continue" also puts the answers (with their versions) and the conversation back.
    fromHistory: catalogue && {
      fill(request) {
        const models = requestedModels(request);
        setQuery(limitQueryLength(request.query));
        setSelected(keysFor(models, choices, tier));
        settings.onChange(settingsOf(request));
        setAiOverviewParams(aiOverviewParamsOf(request));
        setProblems(NO_PROBLEMS);
        // Each model is asked again the way it was asked then, its own settings included.
        rememberAskedSettings(request.results);
        return compareBodyOf(request, models);
      },
      focus: draft.focus,
      restored: () => revealResults(),
    },
  });
  const { state, askAgain, retry, stop, stopAll } = session;
  // A continued request's answers are brought into view once they are back on the page.
  const revealResults = useRevealResults(state.columns.length);
  const loading = state.status === 'running';

  // Fetch the answer renderer now, so it is ready before the first words arrive.
  useEffect(preloadMarkdownAnswer, []);


  const versioned = (session.currentPlace?.versions.length ?? 0) > 1;
  const conversation = useMemo(
    () => ({ turns: session.earlierTurns, question: session.question, versioned }),
    [session.earlierTurns, session.question, versioned],
  );

  const handleSelection = useCallback((next: Set<SelectionKey>) => {
    setSelected(next);
    setProblems((current) => ({ ...current, models: null }));
  }, []);

  // A saved team: its models ticked, each column with the team's settings (none where it has none), its judge ready.
  const pickTeam = useCallback(
    (team: Team) => {
      rememberAskedSettings(team.models.map((entry) => ({ engine: entry.engine, model: entry.model, settings: entry.settings ?? null })));
      setTeamJudge(team.judge);
      handleSelection(keysFor(team.models, choices, tier));
    },
    [choices, tier, handleSelection],
  );
  const teamSelection = useMemo(() => selection.map((choice) => withColumnSettings(choicePair(choice))), [selection]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const found = validateComparison(query, selection.length);
    setProblems(found);
    if (hasProblems(found) || !price.affordable || settings.problem !== null) return;
    // A question from the top form starts a new conversation.
    session.askNew({ ...buildCompareRequest(query, selection.map(choicePair), settings.requestFields(), aiOverviewParams), ...draft.takeAttachments() });
  };

  // How the next follow-up continues: null for each model its own answers; a column's actions choose the others.
  const [continueChoice, setContinueChoice] = useState<ContinueChoice | null>(null);
  const { continueAlone } = useRunAgain();
  useEffect(() => setContinueChoice(null), [state.requestId]);
  const followUpReady = canFollowUp(state);
  const continueActions = useMemo(
    () =>
      followUpReady
        ? {
            choose(choice: ContinueChoice) {
              setContinueChoice(choice);
              // The question goes in the follow-up box, below the answers.
              requestAnimationFrame(() => {
                const input = document.querySelector<HTMLTextAreaElement>('[data-testid="follow-up-input"]');
                input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
                input?.focus({ preventScroll: true });
              });
            },
          }
        : null,
    [followUpReady],
  );

  // The same models again: each continuing its own conversation, or all given one model's answer; or that model
  // alone, which goes on in the single view.
  const askFollowUp = (question: string, attachmentIds?: string[]) => {
    const models = state.columns.map(({ engine, model }) => ({ engine, model }));
    const body = { ...buildCompareRequest(question, models, settings.requestFields(), aiOverviewParams), ...(attachmentIds ? { attachmentIds } : {}) };
    if (continueChoice?.mode === 'fork' && state.requestId) {
      continueAlone({ ...retryBody(body, continueChoice.model), followUpOf: state.requestId, continueMode: 'fork' });
      return;
    }
    session.askFollowUp(body, continueChoice?.mode === 'carry' ? { continueMode: 'carry', carryFrom: selectionKey(continueChoice.model) } : undefined);
  };
  const askedChoices = useMemo(() => {
    const asked = new Set(state.columns.map(selectionKey));
    return choices.filter((choice) => asked.has(selectionKey(choicePair(choice))));
  }, [choices, state.columns]);
  const followUpChoices = useMemo(
    () => (continueChoice?.mode === 'fork' ? askedChoices.filter((choice) => selectionKey(choicePair(choice)) === selectionKey(continueChoice.model)) : askedChoices),
    [askedChoices, continueChoice],
  );
  const followUpPrice = useRequestPrice(followUpChoices, settings.value.searchEnabled, false);
  const answeredModels = state.columns
    .filter((column) => column.phase === 'done' && column.text !== '')
    .map((column) => ({ pair: { engine: column.engine, model: column.model }, name: modelTitle(catalogue, column) }));
  const chosenName = continueChoice && answeredModels.find((model) => selectionKey(model.pair) === selectionKey(continueChoice.model))?.name;

  // Edit asks the turn again as a new version, of the models that turn was asked of, with today's settings.
  const latestEdit = useRef({ session, settings, aiOverviewParams });
  latestEdit.current = { session, settings, aiOverviewParams };
  const editQuestion = useCallback((requestId: string, question: string) => {
    const { session: current, settings: currentSettings, aiOverviewParams: overview } = latestEdit.current;
    const turn = current.earlierTurns.find((candidate) => candidate.requestId === requestId);
    const models = turn ? turnModels(turn) : current.state.columns.map(({ engine, model }) => ({ engine, model }));
    askEdited(current, requestId, buildCompareRequest(question, models, currentSettings.requestFields(), overview));
  }, []);
  const conversationActions = useConversationActions(session, catalogue, editQuestion);

  const { startOver } = session;
  const handleNewComparison = useCallback(() => {
    startOver();
    setProblems(NO_PROBLEMS);
    draft.startOver();
  }, [startOver, draft.startOver]);

  return (
    <Stack gap="md">
      <AskForm
        label="Compare models"
        onSubmit={handleSubmit}
        models={
          catalogue && (
            <>
              <ModelChecklist catalogue={catalogue} choices={choices} tier={tier} selected={selected} onChange={handleSelection} error={problems.models} cost={price.cost} />
              <PickedModelSettings choices={selection} />
              <LazyTeamBar selection={teamSelection} onPick={pickTeam} />
            </>
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
        <ConversationActionsContext value={conversationActions}>
        <ContinueChoiceContext value={continueActions}>
        <ComparisonResults
          state={state}
          conversation={conversation}
          followUp={
            followUpReady ? (
              <FollowUpBox
                price={followUpPrice}
                loading={loading}
                onAsk={askFollowUp}
                mode={<FollowUpMode choice={continueChoice} answered={answeredModels} onChange={setContinueChoice} />}
                submitLabel={continueChoice?.mode === 'fork' && chosenName ? `Continue with ${chosenName}` : continueChoice?.mode === 'carry' ? 'Ask all with this answer' : 'Ask follow-up'}
                // Each model goes on from its own side of the thread: the follow-up size prices exactly that. Carrying
                // one answer or going on alone reads other conversations, so those show the models' prices alone
                // (admission still holds any surcharge, and says so if the balance is short).
                followUpOf={continueChoice === null ? (state.requestId ?? undefined) : undefined}
              />
            ) : undefined
          }
          catalogue={catalogue}
          onRetry={retry}
          onStop={stop}
          onStopAll={stopAll}
          onNewComparison={handleNewComparison}
        />
        </ContinueChoiceContext>
        </ConversationActionsContext>
      )}
    </Stack>
  );
}
