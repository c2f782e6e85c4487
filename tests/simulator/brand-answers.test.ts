import { describe, expect, it } from 'vitest';
import { analyseBrandMention } from '../../core/brand/brand-analysis.ts';
import { isBrandQuestion, planBrandAnswer } from '../../simulator/brand-answer.ts';
import { useProviderSimulator } from '../support/provider-harness.ts';
import { createClient, userMessage } from './simulator-test-client.ts';

const simulator = useProviderSimulator();

async function answer(question: string, model = 'gpt-4o-mini'): Promise<string> {
  const completion = await createClient(simulator).chat.completions.create({ model, messages: userMessage(question) });
  return completion.choices[0]!.message.content!;
}

/** The brands an answer names, in its order (each is a bold list item). */
const namedIn = (text: string) => [...text.matchAll(/^\d+\. \*\*(.+?)\*\*/gm)].map((match) => match[1]);

describe('the simulator’s answer to a brand question', () => {
  it('tells brand questions from others', () => {
    for (const question of ['Best CRM for a small team?', 'Which widget vendors deserve attention', 'Top 5 hosting providers', 'Is Acme a good brand for rockets?']) {
      expect(isBrandQuestion(question), question).toBe(true);
    }
    for (const question of ['How do ocean tides work?', 'What is Zentrovia?', 'Which metals conduct heat best?', 'Compare tea and coffee']) {
      expect(isBrandQuestion(question), question).toBe(false);
    }
  });

  it('names several brands of the question’s topic, as the seeded plan says, and repeats nothing of the question', async () => {
    const question = 'Is Zentrovia a good CRM tool for teams? [[simulate sample=0]]';
    const text = await answer(question);
    const plan = planBrandAnswer({ prompt: 'Is Zentrovia a good CRM tool for teams?', model: 'gpt-4o-mini', sample: 0 });
    expect(namedIn(text)).toEqual(plan.named.map((entry) => entry.brand));
    expect(plan.named.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('CRM tools');
    // No echo: the brand the question names, and its "good", are not in the answer.
    expect(text).not.toMatch(/zentrovia/i);
    expect(text).not.toMatch(/\bgood\b/i);
    expect(text).not.toMatch(/teams\?/);
    const analysis = analyseBrandMention({ text, sources: [], config: { brandName: 'Zentrovia' }, question: 'Is Zentrovia a good CRM tool for teams?' });
    expect(analysis.mentioned).toBe(false);
  });

  it('varies which brands, their order and tone from one asking to the next, and a pinned sample repeats exactly', async () => {
    const question = 'Which widget vendors deserve attention';
    const askings = [await answer(question), await answer(question), await answer(question)];
    // Counted per question and model: these are samples 0, 1 and 2 in turn.
    expect(askings.map(namedIn)).toEqual([0, 1, 2].map((sample) => planBrandAnswer({ prompt: question, model: 'gpt-4o-mini', sample }).named.map((entry) => entry.brand)));
    expect(new Set(askings).size).toBe(3);
    const tones = [0, 1, 2, 3, 4, 5].flatMap((sample) => planBrandAnswer({ prompt: question, model: 'gpt-4o-mini', sample }).named.map((entry) => entry.tone));
    expect(new Set(tones)).toEqual(new Set(['positive', 'neutral', 'negative']));
    expect(await answer(`${question} [[simulate sample=1]]`)).toBe(askings[1]);
    // Another model asked the same question starts at its own sample 0, seeded apart.
    expect(namedIn(await answer(question, 'deepseek-chat'))).toEqual(planBrandAnswer({ prompt: question, model: 'deepseek-chat', sample: 0 }).named.map((entry) => entry.brand));
  });

  it('says a tone the brand analysis reads the same way', async () => {
    const question = 'Best coffee roaster brands';
    const plan = planBrandAnswer({ prompt: question, model: 'gpt-4o-mini', sample: 7 });
    const text = await answer(`${question} [[simulate sample=7]]`);
    for (const { brand, tone } of plan.named) {
      const analysis = analyseBrandMention({ text, sources: [], config: { brandName: brand }, question });
      expect({ brand, sentiment: analysis.sentiment }).toEqual({ brand, sentiment: tone });
    }
  });

  it('keeps to the old reply for other questions', async () => {
    expect(await answer('How do ocean tides work? [[simulate chunks=30]]')).toMatch(/^\*\*gpt-4o-mini\*\*/);
  });
});
