import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { classifyOpenAiError, classifyStreamedFailure } from '../../worker/providers/openai/openai-errors.ts';

describe('classifyStreamedFailure', () => {
  it.each([
    ['rate_limit_exceeded', 'RATE_LIMIT_ERROR', true],
    ['server_error', 'PROVIDER_ERROR', true],
    ['vector_store_timeout', 'TIMEOUT_ERROR', true],
    ['invalid_prompt', 'PROVIDER_REJECTED', false],
    ['bio_policy', 'PROVIDER_REJECTED', false],
    ['image_too_large', 'PROVIDER_REJECTED', false],
    ['something_new', 'PROVIDER_ERROR', true],
  ])('maps %s to %s (retryable: %s)', (code, expected, retryable) => {
    expect(classifyStreamedFailure(code, undefined, 'openai')).toMatchObject({ code: expected, retryable });
  });

  it('names the vendor when the code says nothing', () => {
    expect(classifyStreamedFailure(null, undefined, 'openai').message).toMatch(/^openai failed/);
  });
});

describe('classifyOpenAiError for errors sent inside a stream', () => {
  it('classifies the SDK error for an `error` event (no HTTP status) by its code', () => {
    // What the SDK throws when a 200 stream carries `event: error`.
    const error = new OpenAI.APIError(undefined, { type: 'error', code: 'rate_limit_exceeded', message: 'slow down' }, undefined, new Headers());
    expect(classifyOpenAiError(error, 'openai')).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryable: true });
  });

  it('classifies a chat chunk carrying an `error` object by its type when it has no code', () => {
    const error = new OpenAI.APIError(undefined, { message: 'overloaded', type: 'server_error', code: null }, undefined, new Headers());
    expect(classifyOpenAiError(error, 'groq')).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
  });
});
