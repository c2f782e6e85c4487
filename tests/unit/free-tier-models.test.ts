import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModelCatalogue } from '../../core/catalogue/model-catalogue.ts';
import { creditBand, mayBeFreeTier, modelRestriction } from '../../contract/tier-rules.ts';

const SHIPPED_FILE = path.resolve(import.meta.dirname, '../../core/catalogue/model-catalogue.json');
const shipped = loadModelCatalogue({
  catalogueFile: SHIPPED_FILE,
  localModels: { baseUrl: 'http://127.0.0.1:1', apiKey: '', models: ['cheap-local'], credits: 5 },
});
const models = shipped.engines.flatMap((engine) => engine.models.map((model) => ({ key: `${engine.id}/${model.id}`, ...model })));

describe('the free tier offers only budget models', () => {
  it('prices every free model below 6 credits', () => {
    const expensiveFree = models.filter((model) => model.freeTier && model.credits >= 6).map((model) => model.key);
    expect(expensiveFree).toEqual([]);
  });

  it('opens the budget classics and keeps the newest and reasoning-grade models locked, cheap ones included', () => {
    const free = models.filter((model) => model.freeTier).map((model) => model.key);
    expect(free).toEqual(expect.arrayContaining(['openai/gpt-3.5-turbo', 'groq/llama-3.1-8b-instant', 'local/cheap-local']));
    const locked = ['openai/gpt-4o-mini', 'openai/gpt-4.1-mini', 'deepseek/deepseek-chat', 'perplexity/sonar', 'ai-overview/google-ai-overview'];
    // Budget-priced, and still locked: the Claude 3.x, Gemini and Mistral models are not for guests.
    locked.push('anthropic/claude-3-haiku-20240307', 'gemini/gemini-1.5-flash', 'groq/mistral-saba-24b');
    for (const key of locked) expect(free).not.toContain(key);
  });

  it('refuses at start a catalogue that opens a model of 6 credits or more to guests', () => {
    const file = JSON.parse(readFileSync(SHIPPED_FILE, 'utf8')) as { engines: { id: string; models: { id: string; freeTier: boolean }[] }[] };
    file.engines.find((engine) => engine.id === 'openai')!.models.find((model) => model.id === 'gpt-4o-mini')!.freeTier = true;
    const edited = path.join(mkdtempSync(path.join(tmpdir(), 'quorum-catalogue-')), 'catalogue.json');
    writeFileSync(edited, JSON.stringify(file));
    expect(() => loadModelCatalogue({ catalogueFile: edited, localModels: undefined })).toThrow(/openai\/gpt-4o-mini to the free tier, but it costs 6 credits/);
  });

  it('locks a model for a guest unless it is both flagged free and budget-priced', () => {
    expect(modelRestriction('free', { credits: 3, freeTier: true })).toBeNull();
    expect(modelRestriction('free', { credits: 4, freeTier: false })).toBe('register');
    expect(modelRestriction('free', { credits: 6, freeTier: true })).toBe('register');
    expect(modelRestriction('registered', { credits: 6, freeTier: false })).toBeNull();
  });

  it('draws the band edges at 6 and 12 credits', () => {
    expect([0, 5, 6, 11, 12, 20].map(creditBand)).toEqual(['Budget', 'Budget', 'Balanced', 'Balanced', 'Premium', 'Premium']);
    expect([5, 6].map(mayBeFreeTier)).toEqual([true, false]);
  });
});
