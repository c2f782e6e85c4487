import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { useProviderSimulator } from '../support/provider-harness.ts';
import { createClient, userMessage } from './simulator-test-client.ts';

const simulator = useProviderSimulator();
const { requestsFor } = simulator;

describe('scripted faults through the OpenAI SDK', () => {
  it('turns status=429 into a RateLimitError', async () => {
    const error = await createClient(simulator)
      .chat.completions.create({ model: 'gpt-4o-mini', messages: userMessage('Hi [[simulate status=429]]') })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).status).toBe(429);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).code).toBe('rate_limit_exceeded');
  });

  it('turns status=500 into an InternalServerError, for streamed requests too', async () => {
    const client = createClient(simulator);
    await expect(
      client.chat.completions.create({ model: 'gpt-4o-mini', messages: userMessage('Hi [[simulate status=500]]') }),
    ).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    await expect(
      client.chat.completions.create({ model: 'gpt-4o-mini', messages: userMessage('Hi [[simulate status=503]]'), stream: true }),
    ).rejects.toMatchObject({ status: 503 });
  });

  it('maps status=400 and status=401 to the SDK errors for those statuses', async () => {
    const client = createClient(simulator);
    await expect(
      client.chat.completions.create({ model: 'm', messages: userMessage('[[simulate status=400]]') }),
    ).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(
      client.chat.completions.create({ model: 'm', messages: userMessage('[[simulate status=401]]') }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('fails only the first N requests with fail-times, so an SDK retry succeeds', async () => {
    const prompt = 'Retry me [[simulate fail-times=1 status=500]]';
    const completion = await createClient(simulator, 1).chat.completions.create({ model: 'gpt-4o-mini', messages: userMessage(prompt) });
    expect(completion.choices[0]?.message.content).toContain('**gpt-4o-mini**');
    expect(requestsFor(prompt)).toHaveLength(2);
  });

  it('counts fail-times per prompt and model', async () => {
    const prompt = 'Twice [[simulate fail-times=2 status=429]]';
    const client = createClient(simulator);
    const ask = (model: string) => client.chat.completions.create({ model, messages: userMessage(prompt) });
    await expect(ask('model-a')).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    await expect(ask('model-a')).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    await expect(ask('model-b')).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    await expect(ask('model-a')).resolves.toMatchObject({ object: 'chat.completion' });
  });

  it('cuts the stream after exactly cut-after content deltas', async () => {
    const stream = await createClient(simulator).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: userMessage('Cut me [[simulate cut-after=3 chunks=10]]'),
      stream: true,
    });
    const deltas: string[] = [];
    let finishReason: string | null | undefined = null;
    const iterate = async () => {
      for await (const chunk of stream) {
        const content = chunk.choices[0]?.delta.content;
        if (content) deltas.push(content);
        finishReason ??= chunk.choices[0]?.finish_reason;
      }
    };
    await expect(iterate()).rejects.toThrow();
    expect(deltas).toHaveLength(3);
    expect(finishReason).toBeNull();
  });

  it('drops a non-streamed request with cut-after as a connection error', async () => {
    await expect(
      createClient(simulator).chat.completions.create({ model: 'm', messages: userMessage('[[simulate cut-after=0]]') }),
    ).rejects.toBeInstanceOf(OpenAI.APIConnectionError);
  });

  it('delays the first content by first-token-ms', async () => {
    const timeToFirstContent = async (prompt: string) => {
      const startedAt = performance.now();
      const stream = await createClient(simulator).chat.completions.create({ model: 'gpt-4o-mini', messages: userMessage(prompt), stream: true });
      for await (const chunk of stream) {
        if (chunk.choices[0]?.delta.content) {
          const elapsed = performance.now() - startedAt;
          stream.controller.abort();
          return elapsed;
        }
      }
      throw new Error('no content arrived');
    };
    expect(await timeToFirstContent('Slow start [[simulate first-token-ms=300]]')).toBeGreaterThanOrEqual(300);
    expect(await timeToFirstContent('Fast start')).toBeLessThan(250);
  });

  it('spaces content chunks by chunk-ms', async () => {
    const startedAt = performance.now();
    const stream = await createClient(simulator).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: userMessage('Paced [[simulate chunk-ms=40 chunks=6]]'),
      stream: true,
    });
    for await (const chunk of stream) void chunk;
    // Five gaps between six chunks.
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(200);
  });

  it('rejects a bad directive with a 400 that names the key', async () => {
    const error = await createClient(simulator)
      .chat.completions.create({ model: 'm', messages: userMessage('Oops [[simulate chunkz=5]]') })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain('chunkz');
  });
});
