import type { ConversationTurn } from '../../contract/conversation.ts';
import { conversationCharacters, conversationSize, LONG_CONVERSATION_TEXTS } from '../../contract/long-conversation.ts';
import { contextTokensOf, type CatalogueEngine, type CatalogueModel } from '../catalogue/index.ts';
import { AppError } from '../errors/index.ts';

/**
 * How long a conversation is for the price (contract/long-conversation.ts), measured on exactly what the worker sends
 * the model: the run's system prompt, the earlier turns it is given (a follow-up's own thread, or the messages a `/v1`
 * call sent) and the question.
 */

/** Whether the engine is sent the conversation at all: the AI Overview engine searches Google for the question alone. */
export function readsConversation(engine: Pick<CatalogueEngine, 'provider'> | undefined): boolean {
  return engine?.provider !== 'serpapi';
}

/** What one model is sent besides the question, in characters: its system prompt and earlier turns. */
export function earlierCharacters(systemPrompt: string | undefined, turns: readonly ConversationTurn[] | null | undefined): number {
  return conversationCharacters([systemPrompt ?? '', ...(turns ?? []).map((turn) => turn.content)]);
}

/** A conversation longer than the model reads: refused before anything is held, naming the model's limit and the allowance. */
export class ConversationTooLongError extends AppError {
  constructor(engine: CatalogueEngine, model: CatalogueModel, inputTokens: number, contextTokens: number) {
    super('VALIDATION_ERROR', LONG_CONVERSATION_TEXTS.tooLong(model.name, inputTokens, contextTokens), {
      data: { engine: engine.id, model: model.id, inputTokens, contextTokens },
    });
    this.name = 'ConversationTooLongError';
  }
}

/**
 * The credits a conversation adds to one model's price (0 within the allowance), or a `ConversationTooLongError`
 * when it is longer than the model reads.
 */
export function longConversationCredits(engine: CatalogueEngine, model: CatalogueModel, characters: number): number {
  const contextTokens = contextTokensOf(model);
  const size = conversationSize(characters, contextTokens);
  if (!size.fits) throw new ConversationTooLongError(engine, model, size.inputTokens, contextTokens);
  return size.surcharge;
}
