import type { HistoryConversation } from '../api/history-api.ts';
import { isComparisonRequest } from './request-kind.ts';

export interface DetailsTitle {
  title: string;
  /** Beside the title: how many models a comparison asked; null for a single answer. */
  models: string | null;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * What the details modal is called for a conversation. A comparison keeps the spec's "Request Comparison", with how
 * many models it asked; a single answer is named after its model, as people know it ("Answer from GPT-4o mini", or
 * "Conversation with GPT-4o mini" once it was followed up), never called a comparison.
 */
export function detailsTitle(conversation: Pick<HistoryConversation, 'kind' | 'engine' | 'model' | 'results' | 'turnCount'>, modelName: (pair: { engine: string; model: string }) => string): DetailsTitle {
  if (isComparisonRequest(conversation)) {
    return { title: 'Request Comparison', models: conversation.results.length > 0 ? plural(conversation.results.length, 'model') : null };
  }
  const name = modelName({ engine: conversation.engine, model: conversation.model });
  return { title: conversation.turnCount > 1 ? `Conversation with ${name}` : `Answer from ${name}`, models: null };
}

/** "3 turns": how many questions a conversation holds. */
export const turnsText = (count: number): string => plural(count, 'turn');
