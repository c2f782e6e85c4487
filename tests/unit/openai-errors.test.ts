import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { classifyOpenAiError } from '../../worker/providers/openai/openai-errors.ts';

function apiError(status: number) {
  return OpenAI.APIError.generate(status, { error: { message: 'vendor detail that must not reach users' } }, undefined, new Headers());
}

describe('classifyOpenAiError', () => {
  it.each([
    [429, 'RATE_LIMIT_ERROR', true],
    [500, 'PROVIDER_ERROR', true],
    [503, 'PROVIDER_ERROR', true],
    [401, 'PROVIDER_AUTH_ERROR', false],
    [403, 'PROVIDER_AUTH_ERROR', false],
    [400, 'PROVIDER_REJECTED', false],
    [404, 'PROVIDER_REJECTED', false],
    [408, 'TIMEOUT_ERROR', true],
  ])('maps HTTP %i to %s (retryable: %s) without leaking the vendor message', (status, code, retryable) => {
    const classified = classifyOpenAiError(apiError(status), 'openai');
    expect(classified).toMatchObject({ code, retryable, status });
    expect(classified.message).not.toContain('vendor detail');
  });

  it('maps timeouts and dropped connections', () => {
    expect(classifyOpenAiError(new OpenAI.APIConnectionTimeoutError(), 'openai').code).toBe('TIMEOUT_ERROR');
    expect(classifyOpenAiError(new OpenAI.APIConnectionError({ message: 'reset' }), 'openai').code).toBe('STREAM_INTERRUPTED');
    expect(classifyOpenAiError(new TypeError('terminated'), 'openai').code).toBe('STREAM_INTERRUPTED');
  });

  it('treats anything unknown as a retryable provider error naming the vendor', () => {
    const classified = classifyOpenAiError(new Error('???'), 'deepseek');
    expect(classified).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
    expect(classified.message).toMatch(/^deepseek failed/);
  });
});
