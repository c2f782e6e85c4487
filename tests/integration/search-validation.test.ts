import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { GUEST_SEARCH_BODY, postSearchStream } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ withWorker: false });
});

afterAll(async () => {
  await stack?.close();
});

async function nothingWasStored(): Promise<void> {
  const em = stack.records();
  expect(await em.count(SearchRequest, {})).toBe(0);
  expect(await em.count(ModelRun, {})).toBe(0);
  expect(await stack.app.answerQueue.count()).toBe(0);
}

const cases: { name: string; body: unknown; message: string | RegExp }[] = [
  { name: 'a missing query', body: { ...GUEST_SEARCH_BODY }, message: 'Please enter a question' },
  { name: 'an empty query', body: { ...GUEST_SEARCH_BODY, query: '' }, message: 'Please enter a question' },
  { name: 'a blank query', body: { ...GUEST_SEARCH_BODY, query: ' \n\t ' }, message: 'Please enter a question' },
  { name: 'a query that is not text', body: { ...GUEST_SEARCH_BODY, query: { text: 'hi' } }, message: 'Please enter a question' },
  {
    name: 'a query over 500 characters',
    body: { ...GUEST_SEARCH_BODY, query: 'x'.repeat(501) },
    message: 'Your question is too long: the limit is 500 characters',
  },
  { name: 'a missing engine', body: { query: 'Hello', specificModel: 'gpt-4o-mini' }, message: 'Please select an AI model' },
  { name: 'a missing model', body: { query: 'Hello', model: 'openai' }, message: 'Please select a specific model' },
  {
    name: 'an unknown engine',
    body: { ...GUEST_SEARCH_BODY, query: 'Hello', model: 'skynet' },
    message: 'Unknown engine "skynet". Choose one of: openai, anthropic, gemini, deepseek, perplexity, groq, ai-overview',
  },
  {
    name: 'an unknown model',
    body: { ...GUEST_SEARCH_BODY, query: 'Hello', specificModel: 'gpt-9000' },
    message: 'Unknown model "gpt-9000" for OpenAI',
  },
  { name: 'a body that is not JSON', body: '{"query": "unterminated', message: 'The request body is not valid JSON.' },
];

describe('search request validation', () => {
  it.each(cases)('answers $name with 400 in the envelope and stores nothing', async ({ body, message }) => {
    const result = await postSearchStream(stack.baseUrl, body);
    expect(result.status).toBe(400);
    expect(result.envelope).toEqual({ success: false, data: null, error: { code: 'VALIDATION_ERROR', message } });
    await nothingWasStored();
  });

  it('accepts exactly 500 characters', async () => {
    const controller = new AbortController();
    const response = await fetch(`${stack.baseUrl}/api/search/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...GUEST_SEARCH_BODY, query: 'y'.repeat(500) }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    controller.abort();
    const em = stack.records();
    const stored = await em.findOneOrFail(SearchRequest, { query: 'y'.repeat(500) });
    expect(stored.status).toBe('pending');
    await em.nativeDelete(SearchRequest, {});
    await stack.app.answerQueue.obliterate({ force: true });
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await fetch(`${stack.baseUrl}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('refuses an oversized body with 413 in the envelope', async () => {
    const result = await postSearchStream(stack.baseUrl, { ...GUEST_SEARCH_BODY, query: 'z', padding: 'p'.repeat(100_000) });
    expect(result.status).toBe(413);
    expect(result.envelope?.error?.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
