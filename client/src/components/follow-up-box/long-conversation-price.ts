import { useEffect, useState } from 'react';
import { conversationSize } from '../../../../contract/long-conversation.ts';
import { characterCount } from '../../../../contract/text-length.ts';
import { fetchFollowUpSize, type FollowUpSize } from '../../api/follow-up-size-api.ts';

/** What a long conversation adds to a follow-up's price, as admission will work it out. */
export interface LongConversationPrice {
  /** Credits on top of the models' prices; 0 within the allowance (or while the sizes are not known). */
  surcharge: number;
  /** The most any one model would read, in estimated tokens; null while the sizes are not known. */
  inputTokens: number | null;
  /** The first model the conversation is too long for, with what it reads at most; null when every model reads it. */
  tooLong: { name: string; inputTokens: number; contextTokens: number } | null;
}

const UNKNOWN: LongConversationPrice = { surcharge: 0, inputTokens: null, tooLong: null };

/**
 * Prices a follow-up of `requestId` as it is typed: the server says how long each model's conversation already is
 * (read once per request), and the typed question is added to it, counted and priced with the same contract rules
 * admission uses, so the price shown is the price held. Without a request (or before the sizes arrive) nothing is added.
 */
export function useLongConversationPrice(requestId: string | undefined, question: string): LongConversationPrice {
  const [sizes, setSizes] = useState<FollowUpSize | null>(null);
  useEffect(() => {
    setSizes(null);
    if (!requestId) return;
    const controller = new AbortController();
    fetchFollowUpSize(requestId, controller.signal)
      .then(setSizes)
      .catch((error: unknown) => {
        // The price then shows the models' prices alone; admission still holds the surcharge and says so if short.
        if (!controller.signal.aborted) console.warn('The length of this conversation could not be read', error);
      });
    return () => controller.abort();
  }, [requestId]);
  if (!sizes) return UNKNOWN;
  const questionCharacters = characterCount(question.trim());
  let surcharge = 0;
  let inputTokens = 0;
  let tooLong: LongConversationPrice['tooLong'] = null;
  for (const model of sizes.models) {
    const size = conversationSize(model.conversationCharacters + model.systemPromptCharacters + questionCharacters, model.contextTokens);
    surcharge += size.surcharge;
    inputTokens = Math.max(inputTokens, size.inputTokens);
    if (!size.fits && !tooLong) tooLong = { name: model.name, inputTokens: size.inputTokens, contextTokens: model.contextTokens };
  }
  return { surcharge, inputTokens, tooLong };
}
