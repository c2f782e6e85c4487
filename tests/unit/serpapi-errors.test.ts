import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../worker/providers/answer-provider.ts';
import {
  classifySerpApiError,
  classifySerpApiStatus,
  noAiOverviewError,
  NO_AI_OVERVIEW_MESSAGE,
  serpApiErrorText,
} from '../../worker/providers/serpapi/serpapi-errors.ts';

const noHeaders = new Headers();

describe('classifySerpApiStatus', () => {
  it('treats a refused key as an authentication failure that will not heal by retrying', () => {
    const error = classifySerpApiStatus(401, noHeaders, {
      error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key',
    });
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false, status: 401 });
    // SerpApi's words are kept for the logs, not shown to the user.
    expect(String(error.cause)).toContain('Invalid API key');
    expect(error.message).not.toContain('serpapi.com');
    expect(classifySerpApiStatus(403, noHeaders, { error: 'Forbidden' })).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false });
  });

  it('retries the throughput limit, honouring Retry-After', () => {
    const error = classifySerpApiStatus(429, new Headers({ 'retry-after': '2' }), {
      error: 'You have exceeded the hourly throughput limit for your plan.',
    });
    expect(error).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryable: true, status: 429, retryAfterMs: 2_000 });
  });

  it('does not retry an account that has run out of searches', () => {
    const error = classifySerpApiStatus(429, noHeaders, { error: 'Your account has run out of searches.' });
    expect(error).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryable: false, status: 429 });
  });

  it('retries SerpApi server errors, whatever their body', () => {
    expect(classifySerpApiStatus(500, noHeaders, { error: 'Something went wrong.' })).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
    expect(classifySerpApiStatus(503, noHeaders, undefined)).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true, status: 503 });
  });

  it('rejects other client errors for good', () => {
    expect(classifySerpApiStatus(400, noHeaders, { error: 'Missing query `q` parameter.' })).toMatchObject({
      code: 'PROVIDER_REJECTED',
      retryable: false,
    });
  });
});

describe('noAiOverviewError', () => {
  it('is a non-retryable rejection whose message is exactly the one the product shows', () => {
    const error = noAiOverviewError("Google hasn't returned any results for this query.");
    expect(NO_AI_OVERVIEW_MESSAGE).toBe('No AI Overview available');
    expect(error).toMatchObject({ code: 'PROVIDER_REJECTED', message: 'No AI Overview available', retryable: false });
    expect(String(error.cause)).toContain("Google hasn't returned any results");
    expect(noAiOverviewError().cause).toBeUndefined();
  });
});

describe('classifySerpApiError', () => {
  it('passes our own errors through unchanged', () => {
    const original = noAiOverviewError();
    expect(classifySerpApiError(original, { aborted: true })).toBe(original);
  });

  it('calls an aborted call or a timeout a timeout', () => {
    expect(classifySerpApiError(new Error('anything'), { aborted: true })).toMatchObject({ code: 'TIMEOUT_ERROR', retryable: true });
    expect(classifySerpApiError(new DOMException('no headers in time', 'TimeoutError'), { aborted: false })).toMatchObject({
      code: 'TIMEOUT_ERROR',
    });
    expect(classifySerpApiError(new DOMException('stopped', 'AbortError'), { aborted: false })).toMatchObject({ code: 'TIMEOUT_ERROR' });
  });

  it('calls a body cut off mid-way an interrupted answer', () => {
    const cut = new TypeError('terminated', { cause: new Error('other side closed') });
    expect(classifySerpApiError(cut, { aborted: false })).toMatchObject({ code: 'STREAM_INTERRUPTED', retryable: true });
  });

  it('calls anything else a retryable provider error', () => {
    const refused = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
    expect(classifySerpApiError(refused, { aborted: false })).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
    expect(classifySerpApiError('a string', { aborted: false })).toMatchObject({ code: 'PROVIDER_ERROR' });
  });
});

describe('serpApiErrorText', () => {
  it('reads the error field of a SerpApi body and nothing else', () => {
    expect(serpApiErrorText({ error: ' Invalid API key. ' })).toBe('Invalid API key.');
    expect(serpApiErrorText({ error: '' })).toBeUndefined();
    expect(serpApiErrorText({ error: { message: 'nested' } })).toBeUndefined();
    expect(serpApiErrorText('error')).toBeUndefined();
    expect(serpApiErrorText(null)).toBeUndefined();
  });
});
