import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { startProviderSimulator } from '../../simulator/provider-simulator.ts';
import { createClient, postRaw, userMessage } from './simulator-test-client.ts';

describe('simulator lifecycle', () => {
  it('listens on a free loopback port by default and exposes the OpenAI base URL', async () => {
    const simulator = await startProviderSimulator();
    try {
      expect(simulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(simulator.url).not.toMatch(/:0$/);
      expect(simulator.openaiBaseUrl).toBe(`${simulator.url}/openai/v1`);
    } finally {
      await simulator.close();
    }
  });

  it('runs two instances side by side with separate request logs', async () => {
    const first = await startProviderSimulator();
    const second = await startProviderSimulator();
    try {
      expect(first.url).not.toBe(second.url);
      await postRaw(first, { model: 'm', messages: userMessage('only first [[simulate chunks=1]]') });
      expect(first.requests).toHaveLength(1);
      expect(second.requests).toHaveLength(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('uses the default chunk count and delay when the prompt does not script them', async () => {
    const simulator = await startProviderSimulator({ defaultChunkDelayMs: 20, defaultChunkCount: 6 });
    try {
      const startedAt = performance.now();
      const stream = await createClient(simulator).chat.completions.create({ model: 'm', messages: userMessage('Defaults'), stream: true });
      let contentChunks = 0;
      for await (const chunk of stream) if (chunk.choices[0]?.delta.content) contentChunks += 1;
      expect(contentChunks).toBe(6);
      expect(performance.now() - startedAt).toBeGreaterThanOrEqual(100);
    } finally {
      await simulator.close();
    }
  });

  it('closes promptly while a slow stream is still open, ending that stream with an error', async () => {
    const simulator = await startProviderSimulator();
    const stream = await createClient(simulator).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: userMessage('Very slow [[simulate chunk-ms=60000 chunks=50]]'),
      stream: true,
    });
    const iterator = stream[Symbol.asyncIterator]();
    const roleChunk = await iterator.next();
    expect(roleChunk.value?.choices[0]?.delta.role).toBe('assistant');
    await iterator.next();
    const pendingChunk = iterator.next();

    const startedAt = performance.now();
    await simulator.close();
    expect(performance.now() - startedAt).toBeLessThan(1000);
    await expect(pendingChunk).rejects.toThrow();
  });

  it('closes promptly while a first-token wait is pending, and close() can be called twice', async () => {
    const simulator = await startProviderSimulator();
    const request = createClient(simulator)
      .chat.completions.create({ model: 'm', messages: userMessage('[[simulate first-token-ms=60000]]') })
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const startedAt = performance.now();
    await Promise.all([simulator.close(), simulator.close()]);
    expect(performance.now() - startedAt).toBeLessThan(1000);
    expect(await request).toBeInstanceOf(Error);
  });

  it('refuses nonsensical options', async () => {
    await expect(startProviderSimulator({ defaultChunkCount: 0 })).rejects.toThrow(RangeError);
    await expect(startProviderSimulator({ defaultChunkDelayMs: -1 })).rejects.toThrow(RangeError);
  });
});

describe('content chunk timing hook', () => {
  it('reports every content chunk of a stream once, in order, with its prompt', async () => {
    const written: { prompt: string; index: number; writtenAt: number; characters: number }[] = [];
    const simulator = await startProviderSimulator({ defaultChunkDelayMs: 0, onContentChunkWritten: (chunk) => written.push(chunk) });
    try {
      const client = new OpenAI({ apiKey: 'test-key', baseURL: simulator.openaiBaseUrl, maxRetries: 0 });
      const stream = await client.chat.completions.create({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'Time me [[simulate chunks=6]]' }],
      });
      let deltas = 0;
      let text = '';
      for await (const chunk of stream) {
        if (!chunk.choices[0]?.delta?.content) continue;
        deltas += 1;
        text += chunk.choices[0].delta.content;
      }
      expect(deltas).toBe(6);
      expect(written.reduce((sum, chunk) => sum + chunk.characters, 0)).toBe(text.length);
      expect(written.map((chunk) => chunk.index)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(new Set(written.map((chunk) => chunk.prompt))).toEqual(new Set(['Time me']));
      const times = written.map((chunk) => chunk.writtenAt);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    } finally {
      await simulator.close();
    }
  });
});
