import type { HistoryRequest } from '../api/history-api.ts';

/**
 * How a past question continued its conversation, in words, or null for a first question. `modelName` turns an
 * `engine/model` into the name people know it by.
 */
export function continuationNote(request: Pick<HistoryRequest, 'followUpOf' | 'continueMode' | 'carryFrom' | 'versionOf'>, modelName: (engineModel: string) => string): string | null {
  const edited = request.versionOf ? ' It is an edited version of an earlier question.' : '';
  if (!request.followUpOf) return edited ? edited.trim() : null;
  if (request.continueMode === 'carry' && request.carryFrom) {
    return `A follow-up in a conversation: every model was given ${modelName(request.carryFrom)}'s answer to the question before.${edited}`;
  }
  if (request.continueMode === 'fork') return `A follow-up in a conversation: this model went on alone, with its own earlier questions and answers.${edited}`;
  return `A follow-up in a conversation: each model was given its own earlier questions and answers.${edited}`;
}
