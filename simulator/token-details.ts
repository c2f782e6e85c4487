import { countWords } from './request-fields.ts';

/**
 * The simulator's cache and reasoning counts, the same rule on every route so tests can predict them:
 *
 * - Reasoning models think before they write: twice as many reasoning tokens as the answer has pieces, counted in
 *   the output as providers do. Which models reason is told by name (OpenAI's o-series and GPT-5, DeepSeek's
 *   reasoner, Gemini 2.5 and 3 other than Flash-Lite); every other model reasons not at all.
 * - A follow-up re-sends the conversation before its question, and providers serve that prefix from their prompt
 *   cache: the words of every turn before the last user message (system instructions not included) are counted as
 *   cached input. A lone question has nothing cached.
 */

const reasoningModelPatterns: readonly RegExp[] = [/^o\d/, /^gpt-5/, /^deepseek-reasoner$/, /^gemini-(2\.5|3)-(?!.*lite)/];

export function reasonsBeforeAnswering(model: string): boolean {
  return reasoningModelPatterns.some((pattern) => pattern.test(model));
}

export function reasoningTokensFor(model: string, pieceCount: number): number {
  return reasonsBeforeAnswering(model) ? pieceCount * 2 : 0;
}

/** Cached input: the words of the turns before the last user turn, leaving out system turns. */
export function cachedTokensOf(turns: readonly { role: unknown; text: string }[], isUser: (role: unknown) => boolean, isSystem: (role: unknown) => boolean): number {
  let lastUser = -1;
  turns.forEach((turn, index) => {
    if (isUser(turn.role)) lastUser = index;
  });
  return turns.slice(0, Math.max(0, lastUser)).reduce((sum, turn) => sum + (isSystem(turn.role) ? 0 : countWords(turn.text)), 0);
}
