import { ApiError } from '@google/genai';
import { RUN_FAILURES } from '../../../core/runs/index.ts';
import { ProviderError } from '../answer-provider.ts';
import { isConnectionCut, providerError, providerErrorForStatus } from '../provider-error-classification.ts';

/**
 * Maps whatever the `@google/genai` SDK threw, or a blocked answer, onto our failure codes. Pure, so every branch is
 * tested without a network.
 *
 * The SDK's `ApiError` carries only `status` and a `message` holding the response body as JSON text, and no
 * headers. Google's body is a `google.rpc.Status` (`{"error": {code, message, status, details}}`), and when the
 * response was not labelled JSON (errors on the streaming endpoint) the SDK wraps that text once more as
 * `{"error": {"message": "<the body>", …}}`. The retry hint and the "bad key" signal are only in that body.
 */
export interface GoogleErrorBody {
  message?: string;
  /** The canonical code name: `RESOURCE_EXHAUSTED`, `INVALID_ARGUMENT`, … */
  status?: string;
  details?: unknown[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  // Errors found inside a stream arrive as `got status: …. {json}`: start at the first bracket or brace.
  const start = text.search(/[[{]/);
  if (start < 0) return undefined;
  try {
    const value: unknown = JSON.parse(text.slice(start));
    // A body may also be a one-element array (`[{"error": …}]`) when the API streams without `alt=sse`.
    const first = Array.isArray(value) ? (value[0] as unknown) : value;
    return isRecord(first) ? first : undefined;
  } catch {
    return undefined;
  }
}

/** Digs Google's error object out of an `ApiError` message, unwrapping the SDK's extra layer when present. */
export function googleErrorBody(message: string): GoogleErrorBody | undefined {
  let error = parseJsonObject(message)?.['error'];
  for (let depth = 0; depth < 2 && isRecord(error); depth += 1) {
    const inner = typeof error['message'] === 'string' ? parseJsonObject(error['message'])?.['error'] : undefined;
    if (!isRecord(inner)) break;
    error = inner;
  }
  if (!isRecord(error)) return undefined;
  return {
    ...(typeof error['message'] === 'string' ? { message: error['message'] } : {}),
    ...(typeof error['status'] === 'string' ? { status: error['status'] } : {}),
    ...(Array.isArray(error['details']) ? { details: error['details'] } : {}),
  };
}

function detailsOfType(body: GoogleErrorBody | undefined, type: string): Record<string, unknown>[] {
  return (body?.details ?? []).filter(
    (detail): detail is Record<string, unknown> => isRecord(detail) && detail['@type'] === `type.googleapis.com/google.rpc.${type}`,
  );
}

/** `RetryInfo.retryDelay` is a protobuf Duration: decimal seconds with an `s`, e.g. `"37s"` or `"0.010s"`. */
export function retryDelayMs(body: GoogleErrorBody | undefined): number | undefined {
  for (const detail of detailsOfType(body, 'RetryInfo')) {
    const match = /^(\d+(?:\.\d+)?)s$/.exec(String(detail['retryDelay'] ?? ''));
    if (match?.[1] !== undefined) return Math.round(Number(match[1]) * 1_000);
  }
  return undefined;
}

/**
 * Google answers an unknown or expired key with 400 `INVALID_ARGUMENT`, not 401; only the `ErrorInfo` reason
 * (`API_KEY_INVALID`, `API_KEY_EXPIRED`, …) or the message says it is about credentials.
 */
export function isApiKeyRejection(body: GoogleErrorBody | undefined): boolean {
  if (detailsOfType(body, 'ErrorInfo').some((detail) => String(detail['reason'] ?? '').startsWith('API_KEY_'))) return true;
  return /API key (not valid|expired|not found)/i.test(body?.message ?? '');
}

function classifyApiError(error: ApiError): ProviderError {
  const body = googleErrorBody(error.message);
  if (error.status === 400 && isApiKeyRejection(body)) {
    const code = 'PROVIDER_AUTH_ERROR';
    return new ProviderError(code, RUN_FAILURES[code].message, RUN_FAILURES[code].retryable, { cause: error, status: error.status });
  }
  const delay = retryDelayMs(body);
  // Google sends no Retry-After header; the body's hint goes through the shared reader as if it had been one.
  return providerErrorForStatus(error.status, {
    cause: error,
    ...(delay === undefined ? {} : { headers: { 'retry-after-ms': String(delay) } }),
  });
}

export interface GeminiErrorContext {
  /** Our own deadline for the response headers ran out (as opposed to the caller aborting). */
  headersTimedOut?: boolean;
}

export function classifyGeminiError(error: unknown, context: GeminiErrorContext = {}): ProviderError {
  if (error instanceof ProviderError) return error;
  if (context.headersTimedOut) return providerError('TIMEOUT_ERROR', error);
  if (error instanceof ApiError && typeof error.status === 'number') return classifyApiError(error);
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) return providerError('TIMEOUT_ERROR', error);
  if (isConnectionCut(error)) return providerError('STREAM_INTERRUPTED', error);
  // The SDK's own words for a body that stopped mid-event.
  if (error instanceof Error && /Incomplete JSON segment/i.test(error.message)) return providerError('STREAM_INTERRUPTED', error);
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    return providerError('PROVIDER_ERROR', error, 'Google Gemini could not be reached. Please try again.');
  }
  return providerError('PROVIDER_ERROR', error, 'Google Gemini failed to answer. Please try again.');
}

const promptBlockMessages: Record<string, string> = {
  SAFETY: "Google Gemini declined this question: its safety filters flagged the prompt.",
  PROHIBITED_CONTENT: 'Google Gemini declined this question: it flagged the prompt as prohibited content.',
  BLOCKLIST: 'Google Gemini declined this question: the prompt contains blocked terms.',
  IMAGE_SAFETY: "Google Gemini declined this question: its safety filters flagged the prompt.",
  JAILBREAK: 'Google Gemini declined this question: it flagged the prompt as an attempt to bypass its rules.',
};

/** `promptFeedback.blockReason`: the prompt was refused before any answer was generated. */
export function blockedPromptError(blockReason: string): ProviderError {
  const message = promptBlockMessages[blockReason] ?? 'Google Gemini declined to answer this question.';
  return providerError('PROVIDER_REJECTED', undefined, message);
}

const answerBlockMessages: Record<string, string> = {
  SAFETY: 'Google Gemini stopped this answer: its safety filters flagged the response.',
  RECITATION: 'Google Gemini stopped this answer because it was repeating copyrighted material too closely.',
  BLOCKLIST: 'Google Gemini stopped this answer: the response contained blocked terms.',
  PROHIBITED_CONTENT: 'Google Gemini stopped this answer: it flagged the response as prohibited content.',
  SPII: 'Google Gemini stopped this answer: the response contained sensitive personal information.',
  IMAGE_SAFETY: 'Google Gemini stopped this answer: its safety filters flagged the response.',
  IMAGE_PROHIBITED_CONTENT: 'Google Gemini stopped this answer: it flagged the response as prohibited content.',
};

/**
 * A finish reason that means Google withheld (part of) the answer, as an error; undefined for reasons that end an
 * answer normally (`STOP`, `MAX_TOKENS`, …), which the adapter reports as its `finish` part.
 */
export function blockedAnswerError(finishReason: string): ProviderError | undefined {
  const message = answerBlockMessages[finishReason];
  return message === undefined ? undefined : providerError('PROVIDER_REJECTED', undefined, message);
}
