import { characterCount } from './text-length.ts';

/**
 * What a long conversation costs. A model's price covers one answer to a conversation of up to `includedTokens`
 * input tokens: the system prompt, every earlier turn the model is given and the question. Beyond that, each started
 * block of `blockTokens` adds `creditsPerBlock` to that model's price, up to the model's context window (its
 * `contextTokens` in the catalogue, `defaultContextTokens` when the catalogue does not say); a conversation longer
 * than that is refused before anything is held. Admission holds and charges the surcharge with the price, the app
 * shows it before asking, and the pricing page and the API reference state these numbers: all read them from here.
 *
 * Tokens are estimated on the server, the same way every time, before any model has counted them: one token per
 * `charactersPerToken` characters (code points, as `characterCount` counts), rounded up, over the whole conversation
 * as one text. Real tokenizers differ by model and language; the estimate is the price's measure, not a model's count.
 */
export const LONG_CONVERSATION = {
  charactersPerToken: 4,
  includedTokens: 8_000,
  blockTokens: 4_000,
  creditsPerBlock: 1,
  defaultContextTokens: 128_000,
} as const;

/** The estimated input tokens of a conversation of `characters` characters. */
export function estimatedInputTokens(characters: number): number {
  return Math.ceil(characters / LONG_CONVERSATION.charactersPerToken);
}

/** The characters of everything a model is sent: its system prompt, the earlier turns and the question. */
export function conversationCharacters(texts: Iterable<string>): number {
  let total = 0;
  for (const text of texts) total += characterCount(text);
  return total;
}

/** Credits added to one model's price for a conversation of `inputTokens` estimated tokens: 0 within the allowance. */
export function longConversationSurcharge(inputTokens: number): number {
  const beyond = inputTokens - LONG_CONVERSATION.includedTokens;
  if (beyond <= 0) return 0;
  return Math.ceil(beyond / LONG_CONVERSATION.blockTokens) * LONG_CONVERSATION.creditsPerBlock;
}

/** What one model's answer to a conversation reads, and what that adds to its price. */
export interface ConversationSize {
  /** Estimated input tokens (see `estimatedInputTokens`). */
  inputTokens: number;
  /** Credits on top of the model's price; 0 within the allowance. */
  surcharge: number;
  /** False when the conversation is longer than the model reads: it is refused. */
  fits: boolean;
}

export function conversationSize(characters: number, contextTokens: number = LONG_CONVERSATION.defaultContextTokens): ConversationSize {
  const inputTokens = estimatedInputTokens(characters);
  return { inputTokens, surcharge: longConversationSurcharge(inputTokens), fits: inputTokens <= contextTokens };
}

const number = (value: number) => value.toLocaleString('en-US');
const credits = (value: number) => `${number(value)} credit${value === 1 ? '' : 's'}`;

/** The wording of the policy and of its refusal, shared by the server, the app and the docs' examples. */
export const LONG_CONVERSATION_TEXTS = {
  allowance: `A model's price includes ${number(LONG_CONVERSATION.includedTokens)} tokens of conversation; each started ${number(LONG_CONVERSATION.blockTokens)} more add ${credits(LONG_CONVERSATION.creditsPerBlock)}.`,
  tooLong: (modelName: string, inputTokens: number, contextTokens: number) =>
    `This conversation is too long for ${modelName}: about ${number(inputTokens)} tokens, and it reads at most ${number(contextTokens)}. ` +
    `Its price includes ${number(LONG_CONVERSATION.includedTokens)} tokens, then ${credits(LONG_CONVERSATION.creditsPerBlock)} per started ${number(LONG_CONVERSATION.blockTokens)}. ` +
    'Start a new conversation, or ask a model that reads more.',
} as const;
