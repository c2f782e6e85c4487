import { useMemo } from 'react';
import type { TurnVersion } from '../../../contract/continuation.ts';
import type { Catalogue } from '../api/catalogue-api.ts';
import { fetchRequest } from '../api/thread-api.ts';
import { useRunAgain } from '../app-state/run-again-context.tsx';
import { modelTitleOf } from '../catalogue/model-names.ts';
import type { ConversationActions } from '../components/question-bubble/conversation-actions.ts';
import type { TurnPlace } from './conversation.ts';
import type { AskSession } from './use-ask-session.ts';

type ContinuationFields = { continueMode?: TurnPlace['continueMode']; carryFrom?: string };

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
