import { describe, expect, it } from 'vitest';
import { useProviderSimulator } from '../support/provider-harness.ts';
import { postRaw, serverSentData } from './simulator-test-client.ts';

const simulator = useProviderSimulator({ defaultChunkDelayMs: 0 });

interface ErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

async function expectError(response: Response, status: number): Promise<ErrorBody['error']> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as ErrorBody;
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
  expect(body.error.message).not.toBe('');
  return body.error;
}

const streamRequest = (content: string, extra: Record<string, unknown> = {}) => ({
  model: 'gpt-4o-mini',
  stream: true,
  messages: [{ role: 'user', content }],
  ...extra,
});

describe('OpenAI wire format over raw HTTP', () => {
  it('streams server-sent events exactly as the real API does', async () => {
    const response = await postRaw(simulator, streamRequest('Wire check [[simulate chunks=5]]'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    expect(response.headers.get('openai-processing-ms')).toMatch(/^\d+$/);

    const body = await response.text();
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
    const data = serverSentData(body);
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown> & { choices: any[] });
    expect(chunks).toHaveLength(1 + 5 + 1);

    const [first] = chunks;
    expect(first).toMatchObject({ object: 'chat.completion.chunk', model: 'gpt-4o-mini' });
    expect(first?.['id']).toMatch(/^chatcmpl-/);
    expect(first?.['system_fingerprint']).toMatch(/^fp_/);
    expect(first?.['created']).toBeTypeOf('number');
    expect(first?.choices).toEqual([
      { index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null },
    ]);
    for (const chunk of chunks.slice(1, -1)) {
      expect(Object.keys(chunk.choices[0].delta)).toEqual(['content']);
      expect(chunk.choices[0].finish_reason).toBeNull();
    }
    expect(chunks.at(-1)?.choices).toEqual([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]);
    expect(new Set(chunks.map((chunk) => chunk['id'])).size).toBe(1);
    expect(chunks.every((chunk) => !('usage' in chunk))).toBe(true);
  });

  it('puts usage null on every chunk and the totals on a last empty-choices chunk with include_usage', async () => {
    const response = await postRaw(simulator, streamRequest('Usage please [[simulate chunks=4]]', { stream_options: { include_usage: true } }));
    const data = serverSentData(await response.text());
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(chunks).toHaveLength(1 + 4 + 1 + 1);
    expect(chunks.slice(0, -1).every((chunk) => chunk['usage'] === null)).toBe(true);
    expect(chunks.at(-1)).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [],
      usage: { prompt_tokens: 4, completion_tokens: 4, total_tokens: 8 },
    });
  });

  it('returns a chat.completion object when not streaming', async () => {
    const response = await postRaw(simulator, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi [[simulate chunks=3]]' }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    const body = (await response.json()) as Record<string, any>;
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 3, completion_tokens: 3, total_tokens: 6 },
    });
    expect(body['choices'][0].message.content).toMatch(/^\*\*gpt-4o-mini:\*\* /);
  });

  it('rejects a request without an API key with 401', async () => {
    const request = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] };
    for (const authorization of [null, '', 'Bearer ', 'Bearer    ']) {
      const error = await expectError(await postRaw(simulator, request, { authorization }), 401);
      expect(error).toMatchObject({ type: 'invalid_request_error', param: null, code: 'invalid_api_key' });
    }
    const last = simulator.requests.at(-1);
    expect(last).toMatchObject({ hasAuthorization: false, model: 'gpt-4o-mini', lastUserMessage: 'Hi' });
  });

  it('rejects malformed bodies with 400 and the offending param', async () => {
    const invalidJson = await expectError(await postRaw(simulator, '{"model": "gpt-4o-mini",'), 400);
    expect(invalidJson.type).toBe('invalid_request_error');

    const missingModel = await expectError(await postRaw(simulator, { messages: [{ role: 'user', content: 'Hi' }] }), 400);
    expect(missingModel).toMatchObject({ type: 'invalid_request_error', param: 'model' });

    const missingMessages = await expectError(await postRaw(simulator, { model: 'gpt-4o-mini' }), 400);
    expect(missingMessages).toMatchObject({ type: 'invalid_request_error', param: 'messages' });

    const emptyMessages = await expectError(await postRaw(simulator, { model: 'gpt-4o-mini', messages: [] }), 400);
    expect(emptyMessages).toMatchObject({ type: 'invalid_request_error', param: 'messages', code: 'empty_array' });

    const streamOptionsAlone = await expectError(
      await postRaw(simulator, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], stream_options: { include_usage: true } }),
      400,
    );
    expect(streamOptionsAlone.param).toBe('stream_options');
  });

  it('rejects a bad directive with 400 naming the key', async () => {
    const error = await expectError(await postRaw(simulator, streamRequest('Hi [[simulate chunks=0]]')), 400);
    expect(error).toMatchObject({ type: 'invalid_request_error', param: 'messages' });
    expect(error.message).toContain('chunks');
  });

  it('sends scripted errors in the real shape, with retry-after-ms on 429', async () => {
    const rateLimited = await postRaw(simulator, streamRequest('[[simulate status=429]]'));
    expect(rateLimited.headers.get('retry-after-ms')).toBe('10');
    expect(await expectError(rateLimited, 429)).toMatchObject({ type: 'rate_limit_exceeded', code: 'rate_limit_exceeded' });

    for (const status of [500, 502, 503]) {
      const response = await postRaw(simulator, streamRequest(`[[simulate status=${status}]]`));
      expect(await expectError(response, status)).toMatchObject({ type: 'server_error' });
    }
  });

  it('serves chat completions under any base path and records each request', async () => {
    for (const path of ['/deepseek/v1/chat/completions', '/groq/openai/v1/chat/completions', '/perplexity/v1/chat/completions']) {
      const response = await postRaw(simulator, { model: 'sonar', messages: [{ role: 'user', content: `Via ${path}` }] }, { path });
      expect(response.status).toBe(200);
      expect(simulator.requests.at(-1)).toMatchObject({
        path,
        model: 'sonar',
        stream: false,
        hasAuthorization: true,
        lastUserMessage: `Via ${path}`,
      });
    }
  });

  it('answers unknown paths with 404 in the OpenAI error shape, and GET /health with ok', async () => {
    const unknown = await expectError(await postRaw(simulator, {}, { path: '/openai/v1/embeddings' }), 404);
    expect(unknown).toMatchObject({ type: 'invalid_request_error', message: 'Invalid URL (POST /openai/v1/embeddings)' });
    await expectError(await fetch(`${simulator.openaiBaseUrl}/chat/completions`), 404);

    const health = await fetch(`${simulator.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});
