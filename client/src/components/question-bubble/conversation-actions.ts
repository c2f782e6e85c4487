import { createContext, use } from 'react';
import type { TurnVersion } from '../../../../contract/continuation.ts';
import type { TurnPlace } from '../../requests/conversation.ts';

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

export const useConversationActions = (): ConversationActions | null => use(ConversationActionsContext);
