import type { FactCheckInput } from '../core/brand/index.ts';
import { createRandom, pick } from './seeded-random.ts';
import { hashText } from './stable-hash.ts';

/**
 * The simulator as the fact-checking judge: a prompt built by `core/brand/fact-check-prompt.ts` is answered with the
 * JSON it asks for. The simulated answers know nothing of a brand's sheet, so the judge plays the part of the model
 * getting a fact wrong: seeded by the answer, about one answer in three that names the brand has its first sentence
 * about the brand read as contradicting one claim of the sheet; the brand's other sentences are read as supported by
 * a claim or as saying what the sheet does not cover. The same answer always gets the same check.
 *
 * Tests script it through the answer being checked, with the brand judge's `[[judge …]]` directive: `reply=` breaks the
 * reply as it breaks the brand verdict (`invalid-json`, `wrong-schema`, `misquote`: the first statement's quote is no
 * longer the answer's), and `facts=contradict` or `facts=support` reads every sentence naming the brand against the
 * sheet's first claim.
 */

export const FACT_READINGS = ['seeded', 'contradict', 'support'] as const;
export type FactReading = (typeof FACT_READINGS)[number];

/** Share of answers naming the brand that get one fact wrong. */
export const CONTRADICTION_RATE = 1 / 3;

interface SimulatedStatement {
  verdict: 'contradicted' | 'supported' | 'unchecked';
  quote: string;
  fact: string | null;
}

const judgeDirectivePattern = /\[\[judge(?:\s+[^\]]*?)?\s*\]\]/g;

/** The statements the simulated judge finds: one per sentence naming the brand (at most three). */
export function simulatedFactCheck({ brand, facts, answer }: FactCheckInput, reading: FactReading = 'seeded'): SimulatedStatement[] {
  const cleaned = answer.replace(judgeDirectivePattern, ' ');
  const sentences = cleaned
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '' && sentence.toLowerCase().includes(brand.toLowerCase()))
    .slice(0, 3);
  if (facts.length === 0) return [];
  if (reading !== 'seeded') {
    return sentences.map((quote) => ({ verdict: reading === 'contradict' ? 'contradicted' : 'supported', quote, fact: facts[0]! }));
  }
  const random = createRandom(hashText(`facts\u0000${brand}\u0000${cleaned}`));
  const wrong = random() < CONTRADICTION_RATE;
  return sentences.map((quote, index): SimulatedStatement => {
    const fact = pick(facts, random);
    if (index === 0 && wrong) return { verdict: 'contradicted', quote, fact };
    return random() < 0.5 ? { verdict: 'supported', quote, fact } : { verdict: 'unchecked', quote, fact: null };
  });
}

/** The reply as text: the check, or the broken reply the script asked for. */
export function factCheckReplyText(input: FactCheckInput, reply: 'verdict' | 'invalid-json' | 'wrong-schema' | 'misquote', reading: FactReading): string {
  const statements = simulatedFactCheck(input, reading);
  if (reply === 'invalid-json') return `Here are the statements: {statements: [${statements.map((statement) => `"${statement.verdict}"`).join(', ')}`;
  if (reply === 'wrong-schema') return JSON.stringify({ statements: statements.map((statement) => ({ ...statement, verdict: statement.verdict === 'contradicted' ? 'false' : 'true' })) });
  if (reply === 'misquote') return JSON.stringify({ statements: statements.map((statement, index) => (index === 0 ? { ...statement, quote: `${statement.quote} (as the answer puts it)` } : statement)) });
  return JSON.stringify({ statements });
}
