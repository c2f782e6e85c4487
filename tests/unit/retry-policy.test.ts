import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../worker/providers/answer-provider.ts';
import { retryAfterMs } from '../../worker/providers/provider-error-classification.ts';
import { retryDelayMs, shouldRetry } from '../../worker/providers/retry-policy.ts';

const policy = { maxRetries: 2, baseDelayMs: 100, maxDelayMs: 1_000 };
const retryable = new ProviderError('PROVIDER_ERROR', 'x', true);

describe('retry policy', () => {
  it('backs off exponentially with jitter inside [ceiling/2, ceiling]', () => {
    expect(retryDelayMs(0, retryable, policy, () => 0)).toBe(50);
    expect(retryDelayMs(0, retryable, policy, () => 1)).toBe(100);
    expect(retryDelayMs(2, retryable, policy, () => 1)).toBe(400);
    expect(retryDelayMs(10, retryable, policy, () => 1)).toBe(1_000);
  });

  it('prefers the provider’s hint, capped', () => {
    expect(retryDelayMs(0, new ProviderError('RATE_LIMIT_ERROR', 'x', true, { retryAfterMs: 250 }), policy)).toBe(250);
    expect(retryDelayMs(0, new ProviderError('RATE_LIMIT_ERROR', 'x', true, { retryAfterMs: 60_000 }), policy)).toBe(1_000);
  });

  it('retries only retryable errors, before any text, within the limit', () => {
    expect(shouldRetry(0, retryable, false, policy)).toBe(true);
    expect(shouldRetry(2, retryable, false, policy)).toBe(false);
    expect(shouldRetry(0, retryable, true, policy)).toBe(false);
    expect(shouldRetry(0, new ProviderError('PROVIDER_AUTH_ERROR', 'x', false), false, policy)).toBe(false);
  });

  it('reads retry-after in milliseconds, seconds or as a date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '15' }))).toBe(15);
    expect(retryAfterMs({ 'retry-after': '3' })).toBe(3_000);
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(retryAfterMs({ 'retry-after': 'Sat, 21 Nov 2026 10:00:05 GMT' }, now)).toBe(5_000);
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});
