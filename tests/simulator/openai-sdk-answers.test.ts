import { describe, expect, it } from 'vitest';
import { generateDeterministicAnswer } from '../../simulator/deterministic-answer.ts';
import { useProviderSimulator } from '../support/provider-harness.ts';
import { createClient, userMessage } from './simulator-test-client.ts';

const simulator = useProviderSimulator();

async function streamedText(prompt: string, model = 'gpt-4o-mini'): Promise<{ text: string; deltas: string[] }> {
  const stream = await createClient(simulator).chat.completions.create({ model, messages: userMessage(prompt), stream: true });
  const deltas: string[] = [];
  for await (const chunk of stream) {
    const content = chunk.choices[0]?.delta.content;
    if (content) deltas.push(content);
  }
  return { text: deltas.join(''), deltas };
}

async function completedText(prompt: string, model = 'gpt-4o-mini'): Promise<string> {
  const completion = await createClient(simulator).chat.completions.create({ model, messages: userMessage(prompt) });
  return completion.choices[0]?.message.content ?? '';
}

describe('answers through the OpenAI SDK', () => {
  it('streams deltas that join to exactly the non-streamed answer', async () => {
    const prompt = 'How should I structure a monorepo?';
    const streamed = await streamedText(prompt);
    const completed = await completedText(prompt);
    expect(streamed.text).toBe(completed);
    expect(streamed.deltas).toHaveLength(40);
    expect(completed).toBe(generateDeterministicAnswer({ prompt, model: 'gpt-4o-mini', pieceCount: 40 }).text);
  });

  it('answers the same prompt the same way and a different prompt differently', async () => {
    const first = await completedText('How do database indexes work?');
    const again = await completedText('How do database indexes work?');
    const other = await completedText('How do message queues work?');
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('names the requested model and answers each model differently', async () => {
    const prompt = 'Explain backpressure.';
    const mini = await completedText(prompt, 'gpt-4o-mini');
    const deepseek = await completedText(prompt, 'deepseek-chat');
    expect(mini).toContain('**gpt-4o-mini**');
    expect(deepseek).toContain('**deepseek-chat**');
    expect(deepseek).not.toBe(mini);
  });

  it('ignores directives when generating, so scripted timing does not change the answer', async () => {
    const plain = await streamedText('Explain idempotency.');
    const scripted = await streamedText('Explain idempotency. [[simulate chunk-ms=0 first-token-ms=5]]');
    expect(scripted.text).toBe(plain.text);
  });

  it('sends as many content chunks as the chunks directive asks for', async () => {
    const { deltas } = await streamedText('Short please [[simulate chunks=7]]');
    expect(deltas).toHaveLength(7);
  });

  it('fills in the non-streamed completion like the real API', async () => {
    const completion = await createClient(simulator).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Name three colours [[simulate chunks=25]]' },
      ],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.model).toBe('gpt-4o-mini');
    expect(completion.choices[0]?.message).toMatchObject({ role: 'assistant', refusal: null });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 25, total_tokens: 33 });
  });

  it('ends a stream with a usage chunk when include_usage is asked for', async () => {
    const stream = await createClient(simulator).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: userMessage('Count my tokens [[simulate chunks=9]]'),
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
  });

  it('accepts the newer array form of message content', async () => {
    const completion = await createClient(simulator).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'How do I cache things?' }] }],
    });
    expect(completion.choices[0]?.message.content).toBe(await completedText('How do I cache things?'));
  });
});
