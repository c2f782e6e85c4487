import { ApiError } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../worker/providers/answer-provider.ts';
import {
  blockedAnswerError,
  blockedPromptError,
  classifyGeminiError,
  googleErrorBody,
  isApiKeyRejection,
  retryDelayMs,
} from '../../worker/providers/gemini/gemini-errors.ts';

const secret = 'vendor detail that must not reach users';

function googleStatus(code: number, status: string, details?: unknown[]) {
  return { error: { code, message: `${secret} (${status})`, status, ...(details ? { details } : {}) } };
}

/** An error body labelled application/json: the SDK puts it in the message as compact JSON. */
function jsonApiError(code: number, status: string, details?: unknown[]) {
  return new ApiError({ message: JSON.stringify(googleStatus(code, status, details)), status: code });
}

/**
 * An error on the streaming endpoint, whose body is not labelled JSON: the SDK wraps Google's pretty-printed body
 * as text inside an error object of its own (as seen in gemini-cli reports).
 */
function wrappedApiError(code: number, status: string, reason: string, details?: unknown[]) {
  const body = `${JSON.stringify(googleStatus(code, status, details), null, 2)}\n`;
  return new ApiError({ message: JSON.stringify({ error: { message: body, code, status: reason } }), status: code });
}

const retryInfo = (retryDelay: string) => ({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay });
const keyInvalid = {
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason: 'API_KEY_INVALID',
  domain: 'googleapis.com',
  metadata: { service: 'generativelanguage.googleapis.com' },
};

describe('classifyGeminiError', () => {
  it.each([
    [429, 'RESOURCE_EXHAUSTED', 'RATE_LIMIT_ERROR', true],
    [500, 'INTERNAL', 'PROVIDER_ERROR', true],
    [503, 'UNAVAILABLE', 'PROVIDER_ERROR', true],
    [504, 'DEADLINE_EXCEEDED', 'PROVIDER_ERROR', true],
    [401, 'UNAUTHENTICATED', 'PROVIDER_AUTH_ERROR', false],
    [403, 'PERMISSION_DENIED', 'PROVIDER_AUTH_ERROR', false],
    [400, 'INVALID_ARGUMENT', 'PROVIDER_REJECTED', false],
    [400, 'FAILED_PRECONDITION', 'PROVIDER_REJECTED', false],
    [404, 'NOT_FOUND', 'PROVIDER_REJECTED', false],
  ])('maps HTTP %i %s to %s (retryable: %s) without leaking the vendor message', (status, name, code, retryable) => {
    for (const error of [jsonApiError(status, name), wrappedApiError(status, name, 'Reason')]) {
      const classified = classifyGeminiError(error);
      expect(classified).toBeInstanceOf(ProviderError);
      expect(classified).toMatchObject({ code, retryable, status });
      expect(classified.message).not.toContain('vendor detail');
      expect(classified.cause).toBe(error);
    }
  });

  it("reads the 429's wait from the body's RetryInfo, since Google sends no Retry-After header", () => {
    const plain = classifyGeminiError(jsonApiError(429, 'RESOURCE_EXHAUSTED', [retryInfo('37s')]));
    expect(plain).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryAfterMs: 37_000 });
    const wrapped = classifyGeminiError(wrappedApiError(429, 'RESOURCE_EXHAUSTED', 'Too Many Requests', [retryInfo('0.010s')]));
    expect(wrapped.retryAfterMs).toBe(10);
    expect(classifyGeminiError(jsonApiError(429, 'RESOURCE_EXHAUSTED')).retryAfterMs).toBeUndefined();
  });

  it('treats a 400 "API key not valid" as an authentication failure, not a rejected request', () => {
    for (const error of [jsonApiError(400, 'INVALID_ARGUMENT', [keyInvalid]), wrappedApiError(400, 'INVALID_ARGUMENT', 'Bad Request', [keyInvalid])]) {
      expect(classifyGeminiError(error)).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false, status: 400 });
    }
    const byMessageOnly = new ApiError({
      message: JSON.stringify({ error: { code: 400, message: 'API key expired. Please renew the API key.', status: 'INVALID_ARGUMENT' } }),
      status: 400,
    });
    expect(classifyGeminiError(byMessageOnly).code).toBe('PROVIDER_AUTH_ERROR');
  });

  it('classifies an error event found inside the stream (the SDK prefixes its JSON)', () => {
    const body = JSON.stringify(googleStatus(503, 'UNAVAILABLE'));
    const error = new ApiError({ message: `got status: UNAVAILABLE. ${body}`, status: 503 });
    expect(classifyGeminiError(error)).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true, status: 503 });
  });

  it('maps an HTML error page (502 from the front end) by its status alone', () => {
    const page = '<!DOCTYPE html><title>Error 502 (Server Error)!!1</title>';
    const error = new ApiError({ message: JSON.stringify({ error: { message: page, code: 502, status: 'Bad Gateway' } }), status: 502 });
    expect(classifyGeminiError(error)).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true, status: 502 });
  });

  it('maps timeouts, aborts and dropped connections', () => {
    expect(classifyGeminiError(new Error('whatever'), { headersTimedOut: true }).code).toBe('TIMEOUT_ERROR');
    expect(classifyGeminiError(new DOMException('This operation was aborted', 'AbortError')).code).toBe('TIMEOUT_ERROR');
    expect(classifyGeminiError(new TypeError('terminated')).code).toBe('STREAM_INTERRUPTED');
    expect(classifyGeminiError(new Error('Incomplete JSON segment at the end')).code).toBe('STREAM_INTERRUPTED');
    const unreachable = classifyGeminiError(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }));
    expect(unreachable).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
    expect(unreachable.message).toMatch(/could not be reached/);
  });

  it('passes our own errors through and treats anything unknown as a retryable provider error naming Gemini', () => {
    const own = new ProviderError('PROVIDER_REJECTED', 'blocked', false);
    expect(classifyGeminiError(own)).toBe(own);
    const unknown = classifyGeminiError(new Error('???'));
    expect(unknown).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
    expect(unknown.message).toMatch(/^Google Gemini failed/);
  });
});

describe('Google error bodies', () => {
  it('unwraps the SDK envelope and reads status and details', () => {
    const body = googleErrorBody(wrappedApiError(429, 'RESOURCE_EXHAUSTED', 'Too Many Requests', [retryInfo('2s')]).message);
    expect(body).toMatchObject({ status: 'RESOURCE_EXHAUSTED', details: [retryInfo('2s')] });
    expect(retryDelayMs(body)).toBe(2_000);
  });

  it('accepts the array form and ignores text that is not JSON', () => {
    expect(googleErrorBody(JSON.stringify([googleStatus(429, 'RESOURCE_EXHAUSTED')]))?.status).toBe('RESOURCE_EXHAUSTED');
    expect(googleErrorBody('upstream connect error')).toBeUndefined();
  });

  it('reads protobuf durations and ignores malformed ones', () => {
    const delay = (value: string) => retryDelayMs({ details: [retryInfo(value)] });
    expect(delay('1.5s')).toBe(1_500);
    expect(delay('45.837906927s')).toBe(45_838);
    expect(delay('soon')).toBeUndefined();
    expect(delay('-3s')).toBeUndefined();
  });

  it('recognises a key rejection by ErrorInfo reason or message only', () => {
    expect(isApiKeyRejection({ details: [keyInvalid] })).toBe(true);
    expect(isApiKeyRejection({ message: 'API key not valid. Please pass a valid API key.' })).toBe(true);
    expect(isApiKeyRejection({ message: 'Request contains an invalid argument.' })).toBe(false);
    expect(isApiKeyRejection(undefined)).toBe(false);
  });
});

describe('blocked prompts and answers', () => {
  it('rejects a blocked prompt with a message saying why, not worth retrying', () => {
    const error = blockedPromptError('SAFETY');
    expect(error).toMatchObject({ code: 'PROVIDER_REJECTED', retryable: false });
    expect(error.message).toMatch(/safety filters/);
    expect(blockedPromptError('SOMETHING_NEW').message).toMatch(/declined/);
  });

  it('rejects answers stopped for safety, recitation and similar, but not normal endings', () => {
    for (const reason of ['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII']) {
      expect(blockedAnswerError(reason)).toMatchObject({ code: 'PROVIDER_REJECTED', retryable: false });
    }
    expect(blockedAnswerError('RECITATION')?.message).toMatch(/copyrighted/);
    for (const reason of ['STOP', 'MAX_TOKENS', 'OTHER', 'FINISH_REASON_UNSPECIFIED']) expect(blockedAnswerError(reason)).toBeUndefined();
  });
});
