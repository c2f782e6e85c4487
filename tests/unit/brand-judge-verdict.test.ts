import { describe, expect, it } from 'vitest';
import type { BrandMention } from '../../contract/brand.ts';
import { analyseBrandMention } from '../../core/brand/brand-analysis.ts';
import { brandJudgeModel } from '../../core/brand/brand-judge-model.ts';
import { brandJudgePrompt, readBrandJudgeInput } from '../../core/brand/brand-judge-prompt.ts';
import { readJudgeVerdict, withJudgeVerdict } from '../../core/brand/brand-judge-verdict.ts';
import { loadModelCatalogue } from '../../core/catalogue/model-catalogue.ts';
import { ConfigurationError, loadConfig } from '../../core/config/config.ts';

const answer = 'Acme is the one I recommend.\nBeta  is slower.';
const entry = (name: string, quote: string, extra: Record<string, unknown> = {}) => ({
  name,
  sentiment: 'neutral',
  recommendation: quote ? 'mentioned' : 'not_mentioned',
  position: quote ? 1 : null,
  quote,
  reason: 'Because.',
  ...extra,
});
const reply = (...brands: object[]) => JSON.stringify({ brands });

describe('reading a judge verdict', () => {
  it('accepts the JSON asked for, in a code fence too, with quotes whose whitespace differs from the answer', () => {
    const text = reply(entry('acme', 'Acme is the one I recommend.'), entry('Beta', 'Beta is slower.'));
    expect(readJudgeVerdict(text, ['Acme', 'Beta'], answer)).toMatchObject({ ok: true });
    expect(readJudgeVerdict('```json\n' + text + '\n```', ['Acme', 'Beta'], answer)).toMatchObject({ ok: true });
  });

  it.each([
    ['prose around the JSON', `Sure: ${reply(entry('Acme', ''))}`, 'invalid_json'],
    ['an unknown sentiment', reply({ ...entry('Acme', ''), sentiment: 'great' }, entry('Beta', '')), 'invalid_schema'],
    ['a field not asked for', reply({ ...entry('Acme', ''), score: 3 }, entry('Beta', '')), 'invalid_schema'],
    ['a brand left out', reply(entry('Acme', '')), 'wrong_brands'],
    ['a brand judged twice', reply(entry('Acme', ''), entry('Beta', ''), entry('ACME', '')), 'wrong_brands'],
    ['a brand not asked about', reply(entry('Acme', ''), entry('Beta', ''), entry('Gamma', '')), 'wrong_brands'],
    ['a quote not in the answer', reply(entry('Acme', 'Acme is the best.'), entry('Beta', '')), 'misquoted'],
    ['an empty quote for a named brand', reply(entry('Acme', ' '), entry('Beta', '')), 'misquoted'],
  ])('rejects %s', (_case, text, rejection) => {
    expect(readJudgeVerdict(text, ['Acme', 'Beta'], answer)).toMatchObject({ ok: false, rejection });
  });

  it('lays the verdict over the local analysis, keeping the local mention finding and the cues inside the quote', () => {
    const local: BrandMention = analyseBrandMention({ text: answer, sources: [], config: { brandName: 'Acme', competitors: ['Beta'] } });
    const read = readJudgeVerdict(
      reply(entry('Acme', 'Acme is the one I recommend.', { sentiment: 'positive', recommendation: 'recommended' }), entry('Beta', 'Beta  is slower.', { sentiment: 'negative' })),
      ['Acme', 'Beta'],
      answer,
    );
    if (!read.ok) throw new Error(read.detail);
    const judged = withJudgeVerdict({ ...local, evidence: { sentence: 'x', cues: ['recommend', 'absent'] } }, read.brands, 'openai/gpt-4.1-mini');
    expect(judged).toMatchObject({
      sentiment: 'positive',
      recommendation: 'recommended',
      judgeReason: 'Because.',
      evidence: { sentence: 'Acme is the one I recommend.', cues: ['recommend'] },
      analyser: { kind: 'judge', model: 'openai/gpt-4.1-mini' },
      positions: local.positions,
    });
    expect(judged.competitors[0]).toMatchObject({ name: 'Beta', sentiment: 'negative', recommendation: 'mentioned' });
  });

  it('builds a prompt whose input the simulator (and anyone) can read back exactly', () => {
    const input = { brands: ['Acme', 'Beta'], answer: 'Text with "quotes"\nand Input (JSON): inside it.' };
    expect(readBrandJudgeInput(brandJudgePrompt(input))).toEqual(input);
    expect(readBrandJudgeInput('What is Acme?')).toBeUndefined();
  });
});

describe('BRAND_JUDGE_MODEL', () => {
  const catalogue = loadModelCatalogue(loadConfig({}));
  const judge = (model: string, environment: Record<string, string> = {}) => brandJudgeModel(loadConfig({ ...environment, BRAND_JUDGE_MODEL: model }), catalogue);
  const defaultJudge = (environment: Record<string, string>) => brandJudgeModel(loadConfig(environment), catalogue)?.id;

  it('names a model in the catalogue as engine/model, by id or alias', () => {
    expect(judge('openai/gpt-4.1-mini')).toEqual({ engine: 'openai', model: 'gpt-4.1-mini', id: 'openai/gpt-4.1-mini', chosen: 'configured' });
    expect(judge('groq/meta-llama/llama-4-scout-17b-16e-instruct')).toMatchObject({ engine: 'groq', model: 'meta-llama/llama-4-scout-17b-16e-instruct' });
    expect(loadConfig({}).brandJudge.timeoutMs).toBe(10_000);
  });

  it('is on by default where real models answer: the cheapest capable model a configured provider offers', () => {
    expect(defaultJudge({ OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k', GEMINI_API_KEY: 'k' })).toBe('gemini/gemini-2.0-flash');
    expect(defaultJudge({ OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k' })).toBe('openai/gpt-4o-mini');
    expect(defaultJudge({ ANTHROPIC_API_KEY: 'k', GROQ_API_KEY: 'k' })).toBe('groq/llama-3.3-70b-versatile');
    expect(defaultJudge({ ANTHROPIC_API_KEY: 'k' })).toBe('anthropic/claude-3-5-haiku-20241022');
    expect(brandJudgeModel(loadConfig({ OPENAI_API_KEY: 'k' }), catalogue)?.chosen).toBe('default');
  });

  it('is off in demo mode, with only search providers, and when set to off', () => {
    expect(defaultJudge({})).toBeUndefined();
    expect(defaultJudge({ DEMO_MODE: 'on', OPENAI_API_KEY: 'k' })).toBeUndefined();
    expect(defaultJudge({ PERPLEXITY_API_KEY: 'k', SERPAPI_API_KEY: 'k' })).toBeUndefined();
    expect(judge('off', { OPENAI_API_KEY: 'k' })).toBeUndefined();
    // Named explicitly, a judge runs in demo mode too (the simulator answers it).
    expect(judge('openai/gpt-4.1-mini', { DEMO_MODE: 'on' })?.id).toBe('openai/gpt-4.1-mini');
  });

  it('stops the start when it is malformed, unknown to the catalogue, or a search engine', () => {
    expect(() => loadConfig({ BRAND_JUDGE_MODEL: 'gpt-4.1-mini' })).toThrow(/BRAND_JUDGE_MODEL must be engine\/model/);
    expect(() => loadConfig({ BRAND_JUDGE_TIMEOUT_MS: '0' })).toThrow(ConfigurationError);
    expect(() => judge('nope/gpt-4.1-mini')).toThrow(/engine "nope"/);
    expect(() => judge('openai/gpt-9')).toThrow(/model "gpt-9"/);
    expect(() => judge('ai-overview/google-ai-overview')).toThrow(/answers searches/);
  });
});
