import {
  type BrandJudgeInput,
  type FactCheckInput,
  readBrandJudgeInput,
  readFactCheckInput,
} from '../core/brand/index.ts';
import { FACT_READINGS, factCheckReplyText, type FactReading } from './fact-check-reply.ts';
import { parseScriptedDirectives, type SimulationScript } from './scripted-directives.ts';

/**
 * The simulator as a brand judge: a prompt built by Quorum's brand judge (`core/brand/brand-judge-prompt.ts`) is
 * answered with the JSON verdict it asks for, worked out from the answer with a few cue words, so a test can predict
 * it. Tests script the judge through the answer being judged (which they script with `echo=1`): a
 * `[[judge key=value …]]` directive in it takes every `[[simulate …]]` key (`status=500`, `first-token-ms=60000`
 * to hang, …) plus `reply=`, which picks a broken reply: `invalid-json`, `wrong-schema` or `misquote`, and `facts=`,
 * how the fact-checking judge reads the brand's sentences (`fact-check-reply.ts`). A fact-check prompt is recognised
 * here too and answered by `fact-check-reply.ts`, with the same directives.
 */

export const JUDGE_REPLIES = ['verdict', 'invalid-json', 'wrong-schema', 'misquote'] as const;
export type JudgeReply = (typeof JUDGE_REPLIES)[number];

export interface BrandJudgeRequest {
  input: BrandJudgeInput;
  reply: JudgeReply;
  /** The judge's own faults and pacing, laid over the request's `[[simulate …]]` script. */
  script: SimulationScript;
  /** Set when the prompt asks for a fact-check rather than a brand verdict. */
  factCheck?: { input: FactCheckInput; reading: FactReading } | undefined;
}

const judgeDirectivePattern = /\[\[judge(?:\s+([^\]]*?))?\s*\]\]/g;

/** A judge request and its script; undefined for any other prompt; an error naming the key for a bad directive. */
export function readBrandJudgeRequest(message: string, model: string): { ok: true; judge: BrandJudgeRequest } | { ok: false; message: string } | undefined {
  const facts = readFactCheckInput(message);
  const input = facts ? { brands: [facts.brand], answer: facts.answer } : readBrandJudgeInput(message);
  if (!input) return undefined;
  let reply: JudgeReply = 'verdict';
  let reading: FactReading = 'seeded';
  const simulateTokens: string[] = [];
  for (const match of input.answer.matchAll(judgeDirectivePattern)) {
    for (const token of (match[1] ?? '').split(/\s+/).filter(Boolean)) {
      if (token.startsWith('facts=')) {
        const value = token.slice('facts='.length);
        const known = FACT_READINGS.find((candidate) => candidate === value);
        if (!known) return { ok: false, message: `Invalid simulator directive "facts": expected one of ${FACT_READINGS.join(', ')}, got "${value}"` };
        reading = known;
        continue;
      }
      if (!token.startsWith('reply=')) {
        simulateTokens.push(token);
        continue;
      }
      const value = token.slice('reply='.length);
      const known = JUDGE_REPLIES.find((candidate) => candidate === value);
      if (!known) return { ok: false, message: `Invalid simulator directive "reply": expected one of ${JUDGE_REPLIES.join(', ')}, got "${value}"` };
      reply = known;
    }
  }
  const parsed = parseScriptedDirectives(simulateTokens.length > 0 ? `[[simulate ${simulateTokens.join(' ')}]]` : '', model);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  return { ok: true, judge: { input, reply, script: parsed.script, ...(facts ? { factCheck: { input: facts, reading } } : {}) } };
}

/** The judge's reply as text: the verdict, or the broken reply the script asked for. */
export function brandJudgeReplyText({ input, reply, factCheck }: BrandJudgeRequest): string {
  if (factCheck) return factCheckReplyText(factCheck.input, reply, factCheck.reading);
  if (reply === 'invalid-json') return 'Here is my verdict: {brands: [' + input.brands.map((brand) => `"${brand}"`).join(', ');
  const brands = judgeBrands(input);
  if (reply === 'wrong-schema') return JSON.stringify({ brands: brands.map(({ name, sentiment }) => ({ name, sentiment: sentiment === 'positive' ? 'great' : sentiment })) });
  if (reply === 'misquote') return JSON.stringify({ brands: brands.map((brand) => (brand.quote ? { ...brand, quote: `${brand.quote} (as the answer puts it)` } : brand)) });
  return JSON.stringify({ brands });
}

const POSITIVE = /\b(best|great|excellent|recommend(?:ed|s)?|reliable|fast(?:er|est)?|better|love|top)\b/i;
const NEGATIVE = /\b(worst|poor|avoid|unreliable|slow(?:er|est)?|worse|expensive|buggy|lacks?)\b/i;

interface SimulatedVerdict {
  name: string;
  sentiment: 'positive' | 'negative' | 'neutral';
  recommendation: 'recommended' | 'mentioned' | 'compared_unfavourably' | 'not_mentioned';
  position: number | null;
  quote: string;
  reason: string;
}

/** Each brand's first sentence decides it: cue words in the part of it that speaks of that brand. */
function judgeBrands({ brands, answer }: BrandJudgeInput): SimulatedVerdict[] {
  const cleaned = answer.replace(judgeDirectivePattern, ' ');
  const sentences = cleaned.split(/(?<=[.!?])\s+|\n+/).map((sentence) => sentence.trim()).filter(Boolean);
  const firstAt = brands.map((brand) => cleaned.toLowerCase().indexOf(brand.toLowerCase()));
  const order = firstAt.filter((at) => at >= 0).sort((a, b) => a - b);
  return brands.map((name, index) => {
    const sentence = sentences.find((candidate) => candidate.toLowerCase().includes(name.toLowerCase()));
    if (!sentence) return { name, sentiment: 'neutral', recommendation: 'not_mentioned', position: null, quote: '', reason: `The answer does not name ${name}.` };
    const own = ownClause(sentence, name, brands);
    const sentiment = NEGATIVE.test(own) ? 'negative' : POSITIVE.test(own) ? 'positive' : 'neutral';
    const recommendation = sentiment === 'positive' ? 'recommended' : sentiment === 'negative' ? 'compared_unfavourably' : 'mentioned';
    return { name, sentiment, recommendation, position: order.indexOf(firstAt[index]!) + 1, quote: sentence, reason: `The answer says: “${sentence}”` };
  });
}

/** From the brand's name to the next other brand named in the sentence (or its end). */
function ownClause(sentence: string, name: string, brands: readonly string[]): string {
  const lower = sentence.toLowerCase();
  const start = lower.indexOf(name.toLowerCase());
  const next = brands
    .filter((brand) => brand !== name)
    .map((brand) => lower.indexOf(brand.toLowerCase(), start + name.length))
    .filter((at) => at >= 0);
  return sentence.slice(start, next.length > 0 ? Math.min(...next) : undefined);
}
