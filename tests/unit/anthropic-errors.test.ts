import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../worker/providers/answer-provider.ts';
import { classifyAnthropicError, statusForAnthropicErrorType } from '../../worker/providers/anthropic/anthropic-errors.ts';

const vendorDetail = 'vendor detail that must not reach users';

function httpError(status: number, type: string, headers: Record<string, string> = {}) {
  return Anthropic.APIError.generate(status, { type: 'error', error: { type, message: vendorDetail } }, undefined, new Headers(headers));
}

/** What the SDK throws for an `event: error` inside a 200 stream: no status, the type from the event's body. */
function streamError(type: string) {
  const body = { type: 'error', error: { type, message: vendorDetail } };
  return new Anthropic.APIError(undefined, body, undefined, new Headers(), type as InstanceType<typeof Anthropic.APIError>['type']);
}

describe('classifyAnthropicError', () => {
  it.each([
    [429, 'rate_limit_error', 'RATE_LIMIT_ERROR', true],
    [500, 'api_error', 'PROVIDER_ERROR', true],
    [529, 'overloaded_error', 'PROVIDER_ERROR', true],
    [503, 'overloaded_error', 'PROVIDER_ERROR', true],
    [401, 'authentication_error', 'PROVIDER_AUTH_ERROR', false],
    [403, 'permission_error', 'PROVIDER_AUTH_ERROR', false],
    [400, 'invalid_request_error', 'PROVIDER_REJECTED', false],
    [404, 'not_found_error', 'PROVIDER_REJECTED', false],
    [413, 'request_too_large', 'PROVIDER_REJECTED', false],
    [408, 'timeout_error', 'TIMEOUT_ERROR', true],
  ])('maps HTTP %i (%s) to %s (retryable: %s) without leaking the vendor message', (status, type, code, retryable) => {
    const classified = classifyAnthropicError(httpError(status, type));
    expect(classified).toBeInstanceOf(ProviderError);
    expect(classified).toMatchObject({ code, retryable, status });
    expect(classified.message).not.toContain(vendorDetail);
  });

  it('keeps the retry-after hint (whole seconds) of a 429', () => {
    const classified = classifyAnthropicError(httpError(429, 'rate_limit_error', { 'retry-after': '7' }));
    expect(classified).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryAfterMs: 7_000 });
  });

  it('has the HTTP status win over the error type when both are present', () => {
    expect(classifyAnthropicError(httpError(500, 'invalid_request_error')).code).toBe('PROVIDER_ERROR');
  });

  it.each([
    ['overloaded_error', 'PROVIDER_ERROR', true],
    ['api_error', 'PROVIDER_ERROR', true],
    ['timeout_error', 'PROVIDER_ERROR', true],
    ['rate_limit_error', 'RATE_LIMIT_ERROR', true],
    ['authentication_error', 'PROVIDER_AUTH_ERROR', false],
    ['permission_error', 'PROVIDER_AUTH_ERROR', false],
    ['invalid_request_error', 'PROVIDER_REJECTED', false],
    ['billing_error', 'PROVIDER_REJECTED', false],
  ])('classifies an in-stream %s event by its type as %s (retryable: %s)', (type, code, retryable) => {
    const classified = classifyAnthropicError(streamError(type));
    expect(classified).toMatchObject({ code, retryable });
    // The response itself was a 200, so no HTTP status is claimed for it.
    expect(classified.status).toBeUndefined();
    expect(classified.message).not.toContain(vendorDetail);
  });

  it('treats an in-stream error of an unknown type as a retryable provider error', () => {
    expect(classifyAnthropicError(streamError('brand_new_error'))).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
  });

  it('maps timeouts, aborts and dropped connections', () => {
    expect(classifyAnthropicError(new Anthropic.APIConnectionTimeoutError()).code).toBe('TIMEOUT_ERROR');
    expect(classifyAnthropicError(new Anthropic.APIUserAbortError()).code).toBe('TIMEOUT_ERROR');
    expect(classifyAnthropicError(new DOMException('aborted', 'AbortError')).code).toBe('TIMEOUT_ERROR');
    expect(classifyAnthropicError(new Anthropic.APIConnectionError({ message: 'reset' })).code).toBe('STREAM_INTERRUPTED');
    expect(classifyAnthropicError(new TypeError('terminated')).code).toBe('STREAM_INTERRUPTED');
  });

  it('passes a ProviderError through unchanged', () => {
    const original = new ProviderError('STREAM_INTERRUPTED', 'cut', true);
    expect(classifyAnthropicError(original)).toBe(original);
  });

  it('treats anything unknown as a retryable provider error naming Anthropic', () => {
    const classified = classifyAnthropicError(new SyntaxError('Unexpected token'));
    expect(classified).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
    expect(classified.message).toMatch(/^Anthropic failed/);
  });
});

describe('statusForAnthropicErrorType', () => {
  it('knows the statuses Anthropic documents for its error types', () => {
    expect(statusForAnthropicErrorType('overloaded_error')).toBe(529);
    expect(statusForAnthropicErrorType('rate_limit_error')).toBe(429);
    expect(statusForAnthropicErrorType('api_error')).toBe(500);
    expect(statusForAnthropicErrorType('authentication_error')).toBe(401);
    expect(statusForAnthropicErrorType('something_else')).toBeUndefined();
    expect(statusForAnthropicErrorType(null)).toBeUndefined();
  });
});
