import type { ProviderError } from './answer-provider.ts';

export interface RetryPolicy {
  /** Further attempts after the first; 0 disables retrying. */
  maxRetries: number;
  baseDelayMs: number;
  /** No single wait is longer, whatever the provider's Retry-After says. */
  maxDelayMs: number;
}

/**
 * How long to wait before attempt `attempt + 1`: the provider's own hint when it gave one, else exponential
 * backoff with full jitter so many workers hitting one rate limit do not retry in lockstep.
 */
export function retryDelayMs(attempt: number, error: ProviderError, policy: RetryPolicy, random = Math.random): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, policy.maxDelayMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function shouldRetry(attempt: number, error: ProviderError, textAlreadySent: boolean, policy: RetryPolicy): boolean {
  // Once text reached the user, a new attempt would stream a different answer on top of it: end with an error.
  return error.retryable && !textAlreadySent && attempt < policy.maxRetries;
}
