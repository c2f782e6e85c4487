import { CONVERSATION_LIMITS, QUERY_MAX_LENGTH } from '../../contract/limits.ts';

/**
 * Request body limits, per route. Most bodies are a question and a few settings: 64 KiB is plenty and keeps a
 * hostile body cheap to refuse. A route whose documented limits need more says so with its own limit, computed from
 * those limits, so every documented size can be reached and nothing much beyond it.
 */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Worst case JSON bytes per character: a control character written as `\u001f`. Characters are counted as code points
 * (`characterCount`), so one outside the Basic Multilingual Plane written as two escapes (`\ud83c\udf0b`, 12 bytes)
 * can fill only half of the documented conversation; sent as UTF-8 (4 bytes), as JavaScript's JSON.stringify does, it fits.
 */
const JSON_BYTES_PER_CHARACTER = 6;

/**
 * `POST /v1/chat/completions`: up to 50 earlier messages of 20,000 characters each, and the question (500), every
 * character escaped at worst, plus the default allowance for the rest (model, roles, options).
 */
export const CHAT_COMPLETION_BODY_LIMIT_BYTES =
  (CONVERSATION_LIMITS.earlierTurns * CONVERSATION_LIMITS.turnLength + QUERY_MAX_LENGTH) * JSON_BYTES_PER_CHARACTER + DEFAULT_BODY_LIMIT_BYTES;
