import { setTimeout as sleep } from 'node:timers/promises';
import type { AnswerPart, AnswerProvider, AnswerRequest } from '../providers/answer-provider.ts';
import { ProviderError } from '../providers/answer-provider.ts';
import { providerError } from '../providers/provider-error-classification.ts';
import { retryDelayMs, shouldRetry, type RetryPolicy } from '../providers/retry-policy.ts';
import { storableParts } from './storable-parts.ts';

export interface AttemptSettings {
  retry: RetryPolicy;
  /** Longest wait from calling the provider to its first text. */
  firstTokenTimeoutMs: number;
  /** Longest silence between two parts once text flows. */
  idleTimeoutMs: number;
}

/**
 * Calls the provider and yields its parts, applying the one retry policy every provider shares: retryable failures
 * are tried again with backoff as long as no text has been yielded; after that a failure ends the answer. Each
 * attempt is watched for a slow first token and for silence mid-stream, and aborted when either runs out. Every
 * part comes out storable and its sources allow-listed (`storable-parts.ts`), whichever provider answered.
 */
export function answerWithRetries(
  provider: AnswerProvider,
  request: Omit<AnswerRequest, 'signal'>,
  settings: AttemptSettings,
  signal: AbortSignal,
  onRetry: (attempt: number, error: ProviderError, delayMs: number) => void = () => undefined,
): AsyncGenerator<AnswerPart> {
  return storableParts(attempts(provider, request, settings, signal, onRetry));
}

async function* attempts(
  provider: AnswerProvider,
  request: Omit<AnswerRequest, 'signal'>,
  settings: AttemptSettings,
  signal: AbortSignal,
  onRetry: (attempt: number, error: ProviderError, delayMs: number) => void,
): AsyncGenerator<AnswerPart> {
  let textSent = false;
  for (let attempt = 0; ; attempt += 1) {
    try {
      for await (const part of timedAttempt(provider, request, settings, signal)) {
        if (part.type === 'text') textSent = true;
        yield part;
      }
      return;
    } catch (error) {
      const failure = signal.aborted ? abortFailure(signal, error) : asProviderError(error);
      if (signal.aborted || !shouldRetry(attempt, failure, textSent, settings.retry)) throw failure;
      const delay = retryDelayMs(attempt, failure, settings.retry);
      onRetry(attempt + 1, failure, delay);
      await sleep(delay, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) throw abortFailure(signal, error);
    }
  }
}

/** The job's signal aborts for three reasons: its overall time limit, the worker shutting down, or a cancellation. */
function abortFailure(signal: AbortSignal, cause: unknown): ProviderError {
  const reason = signal.reason as { name?: string } | undefined;
  if (reason?.name === 'RunCancelled') return providerError('CANCELLED', cause);
  return providerError(reason?.name === 'TimeoutError' ? 'TIMEOUT_ERROR' : 'WORKER_SHUTDOWN', cause);
}

function asProviderError(error: unknown): ProviderError {
  return error instanceof ProviderError ? error : providerError('PROVIDER_ERROR', error);
}

async function* timedAttempt(
  provider: AnswerProvider,
  request: Omit<AnswerRequest, 'signal'>,
  settings: AttemptSettings,
  outerSignal: AbortSignal,
): AsyncGenerator<AnswerPart> {
  const attempt = new AbortController();
  const signal = AbortSignal.any([outerSignal, attempt.signal]);
  const iterator = provider.streamAnswer({ ...request, signal })[Symbol.asyncIterator]();
  let sawText = false;
  try {
    for (;;) {
      const limit = sawText ? settings.idleTimeoutMs : settings.firstTokenTimeoutMs;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timed-out'>((resolve) => {
        timer = setTimeout(() => resolve('timed-out'), limit);
      });
      const next = await Promise.race([iterator.next(), timedOut]).finally(() => clearTimeout(timer));
      if (next === 'timed-out') {
        attempt.abort();
        throw providerError('TIMEOUT_ERROR', undefined);
      }
      if (next.done) return;
      if (next.value.type === 'text') sawText = true;
      yield next.value;
    }
  } finally {
    // Stops the provider's request if we leave early (timeout, refusal, shutdown); harmless after a normal end.
    attempt.abort();
    void iterator.return?.().catch(() => undefined);
  }
}
