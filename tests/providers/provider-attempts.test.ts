import { beforeAll, describe, expect, it } from 'vitest';
import { answerWithRetries, type AttemptSettings } from '../../worker/jobs/provider-attempts.ts';
import { ProviderError } from '../../worker/providers/answer-provider.ts';
import { OpenAiProvider } from '../../worker/providers/openai/openai-provider.ts';
import { collectParts, testConnection, useProviderSimulator } from '../support/provider-harness.ts';

const simulator = useProviderSimulator({ defaultChunkDelayMs: 1, defaultChunkCount: 8 });
let provider: OpenAiProvider;

const settings: AttemptSettings = {
  retry: { maxRetries: 2, baseDelayMs: 20, maxDelayMs: 200 },
  firstTokenTimeoutMs: 2_000,
  idleTimeoutMs: 2_000,
};

beforeAll(() => {
  provider = new OpenAiProvider(testConnection('openai', simulator.openaiBaseUrl));
});

/** `calls` counts the requests that reached the simulator; `retries` the waits the policy chose between them. */
async function run(prompt: string, overrides: Partial<AttemptSettings> = {}, signal = new AbortController().signal) {
  const retries: number[] = [];
  const attempts = answerWithRetries(
    provider,
    { model: 'gpt-4o-mini', prompt, webSearch: false },
    { ...settings, ...overrides },
    signal,
    (_attempt, _error, delayMs) => retries.push(delayMs),
  );
  const { result, requests } = await simulator.requestsDuring(() => collectParts(attempts));
  return { ...result, calls: requests.length, retries };
}

describe('one retry policy for every provider', () => {
  it('retries a 500 and then answers', async () => {
    const result = await run('Flaky once [[simulate status=500 fail-times=1]]');
    expect(result.error).toBeUndefined();
    expect(result.calls).toBe(2);
    expect(result.text.length).toBeGreaterThan(0);
  });

  it('honours the provider’s retry-after on a 429', async () => {
    // The simulator sends retry-after-ms: 10, so both waits are 10 ms rather than the backoff.
    const result = await run('Busy twice [[simulate status=429 fail-times=2]]');
    expect(result.error).toBeUndefined();
    expect(result.retries).toEqual([10, 10]);
    expect(result.calls).toBe(3);
  });

  it('gives up after the configured retries with the last error', async () => {
    const result = await run('Always broken [[simulate status=503]]');
    expect(result.error).toBeInstanceOf(ProviderError);
    expect(result.error).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true, status: 503 });
    expect(result.calls).toBe(3);
  });

  it('does not retry what cannot succeed', async () => {
    const result = await run('Wrong key [[simulate status=401]]');
    expect(result.error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false });
    expect(result.calls).toBe(1);
  });

  it('never re-streams: a cut after text has been sent ends the answer', async () => {
    const result = await run('Cut [[simulate chunks=8 cut-after=3]]');
    expect(result.error).toMatchObject({ code: 'STREAM_INTERRUPTED' });
    expect(result.parts.filter((part) => part.type === 'text')).toHaveLength(3);
    expect(result.calls).toBe(1);
  });

  it('times out a slow first token and tries again', async () => {
    const result = await run('Slow start [[simulate first-token-ms=1500]]', { firstTokenTimeoutMs: 200, retry: { ...settings.retry, maxRetries: 1 } });
    expect(result.error).toMatchObject({ code: 'TIMEOUT_ERROR', retryable: true });
    expect(result.calls).toBe(2);
  });

  it('times out silence between chunks without retrying', async () => {
    const result = await run('Stalls [[simulate chunks=4 chunk-ms=1000]]', { idleTimeoutMs: 200 });
    expect(result.error).toMatchObject({ code: 'TIMEOUT_ERROR' });
    expect(result.parts.filter((part) => part.type === 'text').length).toBeGreaterThanOrEqual(1);
    expect(result.calls).toBe(1);
  });

  it('stops at once when the worker shuts down', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const result = await run('Long [[simulate chunks=100 chunk-ms=50]]', {}, controller.signal);
    expect(result.error).toMatchObject({ code: 'WORKER_SHUTDOWN' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
