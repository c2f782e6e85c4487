import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { answerText } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Every engine, end to end: the server admits the question, a worker asks the simulator through the engine's real
 * SDK (or HTTP client), and the browser-side stream and Postgres must agree. Faults are scripted in the question.
 */
const ENGINES = [
  { engine: 'openai', model: 'gpt-4o-mini', streams: true },
  { engine: 'anthropic', model: 'claude-3-5-haiku-20241022', streams: true },
  { engine: 'gemini', model: 'gemini-2.5-flash', streams: true },
  { engine: 'deepseek', model: 'deepseek-chat', streams: true },
  { engine: 'perplexity', model: 'sonar', streams: true, cites: true },
  { engine: 'groq', model: 'llama-3.1-8b-instant', streams: true },
  { engine: 'ai-overview', model: 'google-ai-overview', streams: false, cites: true },
] as const;

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ environment: { PROVIDER_MAX_RETRIES: '2', RUN_LEASE_MS: '3000' } });
});

afterAll(async () => {
  await stack?.close();
});

function ask(engine: string, model: string, question: string, extra: object = {}) {
  return stack.ask({ query: question, model: engine, specificModel: model, ...extra });
}

function callsFor(tag: string): number {
  return stack.simulator.requests.filter((request) => request.lastUserMessage.includes(tag)).length;
}

describe.each(ENGINES)('engine $engine', ({ engine, model, ...traits }) => {
  it('streams an answer that matches what is stored', async () => {
    const result = await ask(engine, model, `What is a good first programming language? ${randomUUID()}`);
    const end = result.events.at(-1)!;
    expect(end.event).toBe('end');
    expect(result.events[0]!.data).toMatchObject({ engine, model });
    expect(String(end.data.response).length).toBeGreaterThan(20);
    expect(answerText(result.events)).toBe(end.data.response);
    const run = await stack.records().findOneOrFail(ModelRun, String(end.data.runId));
    expect(run).toMatchObject({ status: 'completed', answerText: end.data.response });
    if ('cites' in traits) {
      expect((end.data.sources as unknown[]).length).toBeGreaterThan(0);
      expect(run.sources).toEqual(end.data.sources);
      expect(result.events.some((event) => event.event === 'sources')).toBe(true);
    }
  });

  it('recovers from a rate limit before any text', async () => {
    const tag = randomUUID();
    const result = await ask(engine, model, `Busy? ${tag} [[simulate status=429 fail-times=1]]`);
    expect(result.events.at(-1)!.event).toBe('end');
    expect(callsFor(tag)).toBe(2);
  });

  it('gives up on a provider that keeps failing, after the configured retries', async () => {
    const tag = randomUUID();
    const result = await ask(engine, model, `Down? ${tag} [[simulate status=500]]`);
    expect(result.events.at(-1)!.data).toMatchObject({ code: 'PROVIDER_ERROR', retryable: true });
    expect(callsFor(tag)).toBe(3);
    const run = await stack.records().findOneOrFail(ModelRun, String(result.events.at(-1)!.data.runId));
    expect(run.status).toBe('error');
  });

  it('fails at once on rejected credentials', async () => {
    const tag = randomUUID();
    const result = await ask(engine, model, `Key? ${tag} [[simulate status=401]]`);
    expect(result.events.at(-1)!.data).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false });
    expect(callsFor(tag)).toBe(1);
  });

  it('reports a connection cut mid-answer without re-streaming', async () => {
    const tag = randomUUID();
    const result = await ask(engine, model, `Cut? ${tag} [[simulate chunks=10 cut-after=3]]`);
    expect(result.events.at(-1)!.data).toMatchObject({ code: 'STREAM_INTERRUPTED', retryable: true });
    const chunks = result.events.filter((event) => event.event === 'chunk').length;
    if (traits.streams) {
      expect(chunks).toBe(3);
      expect(callsFor(tag)).toBe(1);
    } else {
      // Nothing had reached the user, so the cut was retried before giving up.
      expect(chunks).toBe(0);
      expect(callsFor(tag)).toBe(3);
    }
  });

  it('waits out a slow first token', async () => {
    const result = await ask(engine, model, `Slow? ${randomUUID()} [[simulate first-token-ms=400]]`);
    const firstChunk = result.events.find((event) => event.event === 'chunk')!;
    expect(result.events.at(-1)!.event).toBe('end');
    expect(firstChunk.receivedAfterMs).toBeGreaterThanOrEqual(400);
  });
});

describe('web search', () => {
  it.each([
    ['openai', 'gpt-4o'],
    ['gemini', 'gemini-2.5-flash'],
  ])('grounds %s answers and keeps their sources', async (engine, model) => {
    const result = await ask(engine, model, `Latest news about Postgres? ${randomUUID()}`, { searchEnabled: true });
    const end = result.events.at(-1)!;
    expect(end.event).toBe('end');
    const sources = end.data.sources as { url: string; title: string | null }[];
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources.map((source) => source.url)).size).toBe(sources.length);
    const run = await stack.records().findOneOrFail(ModelRun, String(end.data.runId));
    expect(run.sources).toEqual(sources);
  });
});

describe('AI Overview', () => {
  it('answers "No AI Overview available" when Google shows none, without retrying', async () => {
    const tag = randomUUID();
    const result = await ask('ai-overview', 'google-ai-overview', `no overview ${tag}`);
    expect(result.events.at(-1)!.data).toMatchObject({ message: 'No AI Overview available', retryable: false });
    expect(callsFor(tag)).toBe(1);
  });
});
