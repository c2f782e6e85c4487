import type { FinishReason as GeminiFinishReason } from '@google/genai';
import type { FinishReason } from '../answer-provider.ts';
import { lookUpFinishReason } from '../finish-reason-lookup.ts';

/**
 * A candidate's `finishReason`, typed against the SDK's enum so a value a new SDK version adds fails the type check
 * until it is mapped. The reasons that withhold (part of) the answer on policy grounds are `content_filter`; the
 * adapter reports most of them as an error instead (`blockedAnswerError`), but the mapping stays whole. Gemini has
 * no "stopped to call a tool" reason (a function call ends with `STOP`): its tool-call reasons are malformed or
 * unwanted calls, so `other`. `CONTINUATION` (the answer goes on in a follow-up call, which Quorum does not make)
 * and the image-only reasons are `other` as well.
 */
const finishReasons = {
  FINISH_REASON_UNSPECIFIED: null,
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
  IMAGE_PROHIBITED_CONTENT: 'content_filter',
  IMAGE_RECITATION: 'content_filter',
  LANGUAGE: 'other',
  OTHER: 'other',
  MALFORMED_FUNCTION_CALL: 'other',
  UNEXPECTED_TOOL_CALL: 'other',
  TOO_MANY_TOOL_CALLS: 'other',
  NO_IMAGE: 'other',
  IMAGE_OTHER: 'other',
  CONTINUATION: 'other',
  MALFORMED_RESPONSE: 'other',
} as const satisfies Record<`${GeminiFinishReason}`, FinishReason | null>;

/** A candidate's `finishReason`; null when absent, unspecified, or a value this version does not know. */
export function geminiFinishReason(finishReason: string | null | undefined): FinishReason | null {
  return lookUpFinishReason(finishReasons, finishReason);
}
