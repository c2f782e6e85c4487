import * as Type from 'typebox/type';
import { BrandMention } from './brand.ts';
import { AnswerFacts, AnswerSource, FinishReason } from './run-events.ts';
import { SearchTrail } from './search-trail.ts';

/**
 * One model's outcome in a request, the same shape wherever it appears: a comparison's `model_complete` and
 * `all_complete`, the non-streaming answers and the history. Everything is always present (null when unknown),
 * so a view never has to guess which fields a source fills in.
 */
export const ModelResult = Type.Object(
  {
    runId: Type.String(),
    engine: Type.String(),
    model: Type.String(),
    success: Type.Boolean(),
    /** The answer as markdown; null when the model failed. */
    response: Type.Union([Type.String(), Type.Null()]),
    /** Why it failed, in words for the user; null on success. */
    error: Type.Union([Type.String(), Type.Null()]),
    errorCode: Type.Union([Type.String(), Type.Null()]),
    /** Whether asking again may succeed (a busy provider) or not (a refusal, a stop). */
    retryable: Type.Boolean(),
    finishReason: FinishReason,
    sources: Type.Array(AnswerSource),
    /**
     * With web search (and for the AI Overview): the queries the model ran and each page it retrieved and cited.
     * Null when the answer ran no search or failed; absent where a view has not read it (a live frame before the end).
     */
    searchTrail: Type.Optional(Type.Union([SearchTrail, Type.Null()])),
    ...AnswerFacts,
    /** How the answer talks about the brand; null when brand monitoring was off or the model failed. */
    brandMention: Type.Union([BrandMention, Type.Null()]),
  },
  { description: "One model's answer or failure, with what it cost and how long it took." },
);

export type ModelResult = Type.Static<typeof ModelResult>;
