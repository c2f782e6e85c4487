import { describe, expect, it } from 'vitest';
import { generateDeterministicAnswer } from '../../simulator/deterministic-answer.ts';
import type { AnswerProvider } from '../../worker/providers/answer-provider.ts';
import { AnthropicProvider } from '../../worker/providers/anthropic/anthropic-provider.ts';
import { GeminiProvider } from '../../worker/providers/gemini/gemini-provider.ts';
import { OpenAiProvider } from '../../worker/providers/openai/openai-provider.ts';
import { collectAnswer, testConnection, useProviderSimulator, type ProviderSimulatorHandle } from '../support/provider-harness.ts';

/**
 * A simulated answer follows what the request asks of it, on every vendor's route, through Quorum's own adapters
 * (the real SDKs): the system prompt's language, voice, length and layout, the temperature's boldness. A test's
 * simulator answers an unscripted question the same way every time; demo mode's varies each asking a little.
 */

const simulator = useProviderSimulator({ defaultChunkDelayMs: 0 });

const openai = (handle: ProviderSimulatorHandle = simulator) => new OpenAiProvider(testConnection('openai', handle.baseUrls.openai));

interface Asked {
  systemPrompt?: string;
  temperature?: number;
  provider?: AnswerProvider;
  model?: string;
  webSearch?: boolean;
}

async function answer(prompt: string, asked: Asked = {}): Promise<string> {
  const { provider = openai(), model = 'gpt-4o-mini', ...settings } = asked;
  const collected = await collectAnswer(provider, { model, prompt, ...settings });
  expect(collected.error).toBeUndefined();
  return collected.text;
}

const words = (text: string) => text.split(/\s+/).filter((word) => word !== '');

/** The share of `after`'s words that `before` has too (each word counted as often as it appears). */
function sharedWords(before: string, after: string): number {
  const left = new Map<string, number>();
  for (const word of words(before)) left.set(word, (left.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of words(after)) {
    const count = left.get(word) ?? 0;
    if (count > 0) {
      shared += 1;
      left.set(word, count - 1);
    }
  }
  return shared / words(after).length;
}

const QUESTION = 'How do I cache API responses?';

describe('a system prompt', () => {
  it('is answered in the language it asks for', async () => {
    const plain = await answer(QUESTION);
    expect(plain).toBe(generateDeterministicAnswer({ prompt: QUESTION, model: 'gpt-4o-mini', pieceCount: 40 }).text);
    const french = await answer(QUESTION, { systemPrompt: 'Answer in French.' });
    expect(french).toMatch(/^\*\*gpt-4o-mini\*\* sur “How do I cache API responses\?”/);
    expect(french).toMatch(/\b(Voici|Reprenons|En bref|Bonne question)\b/);
    expect(words(french)).toHaveLength(40);
    expect(await answer(QUESTION, { systemPrompt: 'Antworte bitte auf Deutsch.' })).toMatch(/\*\* zu “/);
    expect(await answer(QUESTION, { systemPrompt: 'Responde en español.' })).toMatch(/\*\* sobre “/);
  });

  it('gives the answer a voice, a length and a layout', async () => {
    const plain = await answer(QUESTION);
    const pirate = await answer(QUESTION, { systemPrompt: 'You are a pirate.' });
    expect(pirate).toMatch(/\b(Arr|Ahoy|matey|ye|yer|Aye|be)\b/);
    expect(words(pirate)).toHaveLength(40);

    const brief = await answer(QUESTION, { systemPrompt: 'Be brief.' });
    expect(words(brief)).toHaveLength(15);
    expect(brief).toMatch(/^\*\*gpt-4o-mini:\*\* /);
    const detailed = await answer(QUESTION, { systemPrompt: 'Explain in detail.' });
    expect(words(detailed)).toHaveLength(100);

    const bullets = (text: string) => text.split('\n').filter((line) => line.startsWith('- ')).length;
    const listed = await answer(QUESTION, { systemPrompt: 'Answer with bullet points.' });
    expect(bullets(listed)).toBeGreaterThan(bullets(plain));
    expect(bullets(await answer(QUESTION, { systemPrompt: 'One paragraph, no lists.' }))).toBe(0);
  });

  it('that the simulator cannot read still changes the answer, the same way each time', async () => {
    const plain = await answer(QUESTION);
    const captain = await answer(QUESTION, { systemPrompt: 'Answer like a ship captain.' });
    expect(captain).not.toBe(plain);
    expect(await answer(QUESTION, { systemPrompt: 'Answer like a ship captain.' })).toBe(captain);
  });

  it('reaches the answer on every vendor’s route: Anthropic’s system, Gemini’s systemInstruction, the Responses API’s instructions', async () => {
    const systemPrompt = 'Réponds en français.';
    const anthropic = new AnthropicProvider(testConnection('anthropic', simulator.baseUrls.anthropic));
    const gemini = new GeminiProvider(testConnection('gemini', simulator.baseUrls.gemini));
    const routes: Asked[] = [
      { provider: anthropic, model: 'claude-3-5-haiku-20241022' },
      { provider: gemini, model: 'gemini-2.0-flash' },
      { model: 'gpt-4o', webSearch: true },
    ];
    for (const route of routes) {
      const plain = await answer(QUESTION, route);
      const french = await answer(QUESTION, { ...route, systemPrompt });
      expect(plain, route.model).toContain(' on “');
      expect(french, route.model).toContain(' sur “');
    }
  });

  it('leaves a scripted length alone', async () => {
    const scripted = await answer(`${QUESTION} [[simulate chunks=30]]`, { systemPrompt: 'Be brief.' });
    expect(words(scripted)).toHaveLength(30);
  });

  it('speaks to a brand question in its language and voice', async () => {
    const question = 'Which widget vendors deserve attention? [[simulate sample=0]]';
    const french = await answer(question, { systemPrompt: 'Answer in French.' });
    expect(french).toMatch(/^(Voici|Quelques noms|Ces \d noms)/);
    expect(french).toMatch(/^1\. \*\*\w+\*\* (est|se) /m);
    expect(await answer(question, { systemPrompt: 'You are a pirate.' })).toMatch(/^1\. \*\*\w+\*\* be /m);
  });
});

describe('the temperature', () => {
  it('says some words more boldly when hot, more of them the hotter, and keeps the answer’s length', async () => {
    const plain = await answer(QUESTION);
    expect(await answer(QUESTION, { temperature: 0.2 })).toBe(plain);
    expect(await answer(QUESTION, { temperature: 0.7 })).toBe(plain);
    const warm = await answer(QUESTION, { temperature: 1.3 });
    const hot = await answer(QUESTION, { temperature: 2 });
    expect(hot).not.toBe(plain);
    expect(words(hot)).toHaveLength(words(plain).length);
    const changed = (text: string) => words(text).filter((word, index) => word !== words(plain)[index]);
    expect(changed(hot).length).toBeGreaterThan(changed(warm).length);
    // A hotter answer changes every word a cooler one changed.
    const warmChanges = words(warm).flatMap((word, index) => (word !== words(plain)[index] ? [index] : []));
    for (const index of warmChanges) expect(words(hot)[index], `word ${index}`).not.toBe(words(plain)[index]);
  });
});

describe('asking the same question again', () => {
  const demo = useProviderSimulator({ defaultChunkDelayMs: 0, variedAnswers: true });

  it('gets the same answer from a test’s simulator', async () => {
    const question = 'Why do leaves change colour?';
    const first = await answer(question);
    expect(await answer(question)).toBe(first);
    expect(await answer(question)).toBe(first);
  });

  it('reads a little differently each time in demo mode, first as a test computes it, and a pinned sample repeats', async () => {
    const question = 'Why do leaves change colour?';
    const askings = [await answer(question, { provider: openai(demo) }), await answer(question, { provider: openai(demo) }), await answer(question, { provider: openai(demo) })];
    expect(askings[0]).toBe(generateDeterministicAnswer({ prompt: question, model: 'gpt-4o-mini', pieceCount: 40 }).text);
    expect(new Set(askings).size).toBe(3);
    // A little: most of the words stay.
    for (const later of askings.slice(1)) expect(sharedWords(askings[0]!, later)).toBeGreaterThan(0.5);
    for (const later of askings.slice(1)) expect(words(later)).toHaveLength(40);
    expect(await answer(`${question} [[simulate sample=2]]`, { provider: openai(demo) })).toBe(askings[2]);
  });

  it('always reads differently from the first answer when the temperature allows any change', () => {
    const prompts = ['Why do we sleep?', 'How do planes fly?', 'What is a CPU?', 'Explain caching', 'How do ocean tides work?', 'Tell me about Rome'];
    for (const prompt of prompts) {
      for (const model of ['gpt-4o-mini', 'deepseek-chat', 'llama-3.1-8b-instant']) {
        const first = generateDeterministicAnswer({ prompt, model, pieceCount: 40 }).text;
        for (const sample of [1, 2, 3]) expect(generateDeterministicAnswer({ prompt, model, pieceCount: 40, sample }).text, `${model} ${prompt} ${sample}`).not.toBe(first);
        expect(generateDeterministicAnswer({ prompt, model, pieceCount: 40, sample: 1, temperature: 0 }).text).toBe(first);
      }
    }
  });

  it('varies more the hotter the temperature in demo mode, and not at all at 0', async () => {
    const cold = 'What makes bread rise?';
    const coldAskings = [await answer(cold, { provider: openai(demo), temperature: 0 }), await answer(cold, { provider: openai(demo), temperature: 0 })];
    expect(coldAskings[1]).toBe(coldAskings[0]);

    // Over several askings, a hot temperature keeps fewer of the first answer's words than a mild one.
    const kept = async (question: string, temperature: number) => {
      const first = await answer(question, { provider: openai(demo), temperature });
      let total = 0;
      for (let asking = 0; asking < 6; asking += 1) total += sharedWords(first, await answer(question, { provider: openai(demo), temperature }));
      return total / 6;
    };
    expect(await kept('What makes soup thick?', 2)).toBeLessThan(await kept('What makes jam set?', 0.5));
  });

  it('keeps a scripted question’s answer in demo mode', async () => {
    const question = 'Why is the sky blue? [[simulate chunks=25]]';
    const first = await answer(question, { provider: openai(demo) });
    expect(await answer(question, { provider: openai(demo) })).toBe(first);
    expect(first).toBe(generateDeterministicAnswer({ prompt: 'Why is the sky blue?', model: 'gpt-4o-mini', pieceCount: 25 }).text);
  });
});

describe('a brand question naming the asker’s brand', () => {
  const demo = useProviderSimulator({ defaultChunkDelayMs: 0, variedAnswers: true });
  const listed = (text: string) => [...text.matchAll(/^\d+\. \*\*(.+?)\*\*/gm)].map((match) => match[1]);

  it('gets the brand discussed in demo mode, beside the topic’s others, never in a test’s simulator', async () => {
    const question = 'Is Acme a good CRM tool for teams, or is Zentrovia better?';
    const inDemo = await answer(question, { provider: openai(demo) });
    expect(listed(inDemo)).toEqual(expect.arrayContaining(['Acme', 'Zentrovia']));
    expect(listed(inDemo).length).toBeLessThanOrEqual(5);
    expect(listed(inDemo).length).toBeGreaterThanOrEqual(3);
    expect(inDemo).toContain('CRM tools');
    expect(await answer(question)).not.toMatch(/Acme|Zentrovia/);
  });

  it('is answered as before in demo mode when the question names no brand', async () => {
    const question = 'Best CRM tools for a small team [[simulate sample=3]]';
    expect(await answer(question, { provider: openai(demo) })).toBe(await answer(question));
  });
});
