import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { useProviderSimulator } from '../support/provider-harness.ts';
import { createClient, userMessage } from './simulator-test-client.ts';

/**
 * `hold-after=N gate=G`: a streamed answer writes N pieces and waits at gate G until the test opens it, so a test can
 * take any number of steps while an answer is certainly still streaming.
 */
const simulator = useProviderSimulator();

/** Reads an OpenAI stream in the background, keeping its deltas and how it ended. */
function readOpenAIStream(prompt: string) {
  const deltas: string[] = [];
  const ended = (async () => {
    const stream = await createClient(simulator).chat.completions.create({ model: 'gpt-4o-mini', messages: userMessage(prompt), stream: true });
    let finish: string | null | undefined = null;
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta.content;
      if (content) deltas.push(content);
      finish ??= chunk.choices[0]?.finish_reason;
    }
    return finish;
  })();
  return { deltas, ended };
}

describe('answers held at a gate', () => {
  it('writes hold-after pieces, waits at its gate until released, then finishes whole', async () => {
    const { deltas, ended } = readOpenAIStream('Hold me [[simulate hold-after=3 gate=7 chunks=8]]');
    await expect.poll(() => simulator.heldAt(7)).toBe(1);
    await expect.poll(() => deltas.length).toBe(3);
    expect(simulator.heldAt(0)).toBe(0);

    expect(simulator.releaseHeld(7)).toBe(1);
    expect(await ended).toBe('stop');
    expect(deltas).toHaveLength(8);
    expect(simulator.heldAt(7)).toBe(0);
  });

  it('holds an answer that reaches the gate after a release, so one question can be held twice', async () => {
    expect(simulator.releaseHeld(8)).toBe(0);
    const prompt = 'Twice held [[simulate hold-after=2 gate=8 chunks=5]]';
    for (const _asking of [1, 2]) {
      const { deltas, ended } = readOpenAIStream(prompt);
      await expect.poll(() => simulator.heldAt(8)).toBe(1);
      await expect.poll(() => deltas.length).toBe(2);
      expect(simulator.releaseHeld(8)).toBe(1);
      expect(await ended).toBe('stop');
      expect(deltas).toHaveLength(5);
    }
  });

  it('lets go of a held answer whose client leaves', async () => {
    const controller = new AbortController();
    const stream = await createClient(simulator).chat.completions.create(
      { model: 'gpt-4o-mini', messages: userMessage('Leave me [[simulate hold-after=1 gate=9 chunks=4]]'), stream: true },
      { signal: controller.signal },
    );
    const reading = (async () => {
      for await (const _chunk of stream) {
        // read until the abort
      }
    })().catch(() => undefined);
    await expect.poll(() => simulator.heldAt(9)).toBe(1);
    controller.abort();
    await reading;
    await expect.poll(() => simulator.heldAt(9)).toBe(0);
  });

  it('holds in the Anthropic wire format too (the pacing every streamed format shares)', async () => {
    const client = new Anthropic({ apiKey: 'test-key', baseURL: simulator.baseUrls.anthropic, maxRetries: 0 });
    const texts: string[] = [];
    const ended = (async () => {
      const stream = client.messages.stream({
        model: 'claude-3-5-haiku-latest',
        max_tokens: 200,
        messages: userMessage('Hold Claude [[simulate hold-after=2 gate=10 chunks=6]]'),
      });
      stream.on('text', (text) => texts.push(text));
      return (await stream.finalMessage()).stop_reason;
    })();
    await expect.poll(() => simulator.heldAt(10)).toBe(1);
    await expect.poll(() => texts.length).toBe(2);
    simulator.releaseHeld(10);
    expect(await ended).toBe('end_turn');
    expect(texts).toHaveLength(6);
  });

  it('refuses a gate number out of range, like any directive', async () => {
    await expect(
      createClient(simulator).chat.completions.create({ model: 'm', messages: userMessage('[[simulate hold-after=1 gate=1001]]'), stream: true }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
