import { createContext, use, useMemo } from 'react';
import type { ModelPair } from '../../../contract/ask.ts';
import type { TurnVersion } from '../../../contract/continuation.ts';
import type { Catalogue } from '../api/catalogue-api.ts';
import { fetchRequest } from '../api/request-api.ts';
import { useRunAgain } from '../app-state/run-again-context.tsx';
import { modelNames } from '../catalogue/model-names.ts';
import type { TurnPlace } from './conversation.ts';
import type { AskSession } from './use-ask-session.ts';
import { withoutContinuation } from './continuation-body.ts';

/**
 * What the questions of a conversation offer, given by the view that asks them: editing a question (sent again as
 * a new version of its turn) and opening another version. Without it (a shared or read-only conversation) the
 * questions are plain text.
 */
export interface ConversationActions {
  /** Absent while an answer is coming: a question can be edited once its conversation rests. */
  edit?: ((requestId: string, question: string) => void) | undefined;
  /** Whether this view can ask the turn again (a comparison's turns cannot be asked again from the single view). */
  canEdit(requestId: string): boolean;
  openVersion(version: TurnVersion): void;
  /** The question being answered now: its request and its place, once known. */
  current: { requestId: string | null; place: TurnPlace | null };
  /** "OpenAI - GPT-4o mini" for an `engine/model`, to say whose answer was carried. */
  modelName(engineModel: string): string;
}

export const ConversationActionsContext = createContext<ConversationActions | null>(null);

/** The actions of the conversation around a question; null where there are none. */
export const useQuestionActions = (): ConversationActions | null => use(ConversationActionsContext);

type ContinuationFields = { continueMode?: TurnPlace['continueMode']; carryFrom?: string };

/**
 * An edited question asked as a new version of its turn (`requestId`): the turns after the one it replaces leave
 * the page (they stay with the old version), and the body says which turn it edits; its parent and mode are the
 * old version's, read by the server.
 */
export function askEdited<Body extends object>(session: Pick<AskSession<Body>, 'earlierTurns' | 'askAfter'>, requestId: string, body: Body): void {
  const index = session.earlierTurns.findIndex((turn) => turn.requestId === requestId);
  session.askAfter(index >= 0 ? session.earlierTurns.slice(0, index) : session.earlierTurns, { ...withoutContinuation(body), versionOf: requestId }, true);
}

/**
 * The question actions of a view's conversation: Edit (while nothing is answering) asks `edit`, and picking another
 * version of a question opens the newest request of that version's branch the way "Continue" in the history does,
 * in whichever view it belongs to. Until the server has said where the current question stands, its place is read
 * off the body it was asked with.
 */
export function useConversationActions<Body extends ContinuationFields>(
  session: Pick<AskSession<Body>, 'state' | 'asked' | 'currentPlace' | 'earlierTurns'>,
  catalogue: Catalogue | null,
  edit: (requestId: string, question: string) => void,
): ConversationActions {
  const { continueRequest } = useRunAgain();
  const { state, asked, currentPlace, earlierTurns } = session;
  const resting = state.status !== 'running';
  const requestId = state.requestId;
  return useMemo(() => {
    // A model continued alone cannot ask again the comparison turns before it: those were asked of every model.
    const forkedAt = currentPlace?.continueMode === 'fork' ? earlierTurns.length : earlierTurns.findIndex((turn) => turn.place?.continueMode === 'fork');
    const fixed = new Set(forkedAt >= 0 ? earlierTurns.slice(0, forkedAt).map((turn) => turn.requestId) : []);
    const bodyPlace: TurnPlace | null = asked?.continueMode
      ? { continueMode: asked.continueMode, carryFrom: asked.carryFrom ?? null, versions: [] }
      : null;
    return {
      edit: resting ? edit : undefined,
      canEdit: (id: string) => !fixed.has(id),
      openVersion(version: TurnVersion) {
        fetchRequest(version.latestRequestId)
          .then(continueRequest)
          .catch((error: unknown) => console.warn('That version of the question could not be opened', error));
      },
      current: { requestId, place: currentPlace ?? bodyPlace },
      modelName: (engineModel: string) => modelTitleOf(catalogue, engineModel),
    };
  }, [resting, edit, continueRequest, requestId, currentPlace, asked, earlierTurns, catalogue]);
}

/** "OpenAI - GPT-4o mini", as a comparison column's title reads. */
export function modelTitle(catalogue: Catalogue | null, pair: ModelPair): string {
  const names = modelNames(catalogue, pair);
  return `${names.engine} - ${names.model}`;
}

/** The same for a model spelled `engine/model`, the way a carried answer's source is named. */
export function modelTitleOf(catalogue: Catalogue | null, engineModel: string): string {
  const slash = engineModel.indexOf('/');
  return modelTitle(catalogue, { engine: engineModel.slice(0, slash), model: engineModel.slice(slash + 1) });
}
