import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/config.ts';
import { engineAvailability, loadModelCatalogue } from '../../core/catalogue/model-catalogue.ts';

const directory = mkdtempSync(path.join(tmpdir(), 'quorum-catalogue-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function catalogueFile(content: unknown): string {
  const file = path.join(directory, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('model catalogue', () => {
  it('loads the shipped catalogue and finds engines by id or alias, case-insensitively', () => {
    const catalogue = loadModelCatalogue(loadConfig({}));
    expect(catalogue.findEngine('Claude')?.id).toBe('anthropic');
    expect(catalogue.findEngine('nope')).toBeUndefined();
    const openai = catalogue.findEngine('openai')!;
    expect(catalogue.findModel(openai, ' gpt-4o ')?.credits).toBe(12);
  });

  it('lets the operator replace the catalogue with a file of their own', () => {
    const file = catalogueFile({
      webSearchCredits: 3,
      unknownModelCredits: 5,
      engines: [{ id: 'openai', name: 'OpenAI', aliases: [], provider: 'openai', models: [{ id: 'gpt-6', name: 'GPT-6', description: '', webSearchSupported: true, credits: 30, freeTier: false }] }],
    });
    const catalogue = loadModelCatalogue(loadConfig({ MODEL_CATALOGUE_FILE: file }));
    expect(catalogue.engines.map((engine) => engine.models[0]!.id)).toEqual(['gpt-6']);
    expect(catalogue.webSearchCredits).toBe(3);
  });

  it('refuses a broken file, saying where', () => {
    expect(() => loadModelCatalogue(loadConfig({ MODEL_CATALOGUE_FILE: catalogueFile('{ nope') }))).toThrow(/could not be read as JSON/);
    const negative = catalogueFile({ webSearchCredits: 2, unknownModelCredits: 5, engines: [{ id: 'x', name: 'X', aliases: [], provider: 'openai', models: [{ id: 'm', name: 'M', description: '', webSearchSupported: false, credits: -1, freeTier: true }] }] });
    expect(() => loadModelCatalogue(loadConfig({ MODEL_CATALOGUE_FILE: negative }))).toThrow(/is invalid at \/engines\/0\/models\/0\/credits/);
  });

  it('adds the local engine only when a local server is configured', () => {
    expect(loadModelCatalogue(loadConfig({})).findEngine('local')).toBeUndefined();
    const config = loadConfig({ LOCAL_LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LOCAL_LLM_MODELS: 'llama3.2, qwen2.5' });
    const local = loadModelCatalogue(config).findEngine('ollama')!;
    expect(local.models.map((model) => model.id)).toEqual(['llama3.2', 'qwen2.5']);
    expect(engineAvailability(config, local)).toEqual({ available: true, reason: null });
    expect(() => loadConfig({ LOCAL_LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/LOCAL_LLM_MODELS/);
  });

  it('marks engines without a key unavailable outside demo mode', () => {
    const config = loadConfig({ OPENAI_API_KEY: 'sk' });
    const catalogue = loadModelCatalogue(config);
    expect(engineAvailability(config, catalogue.findEngine('openai')!).available).toBe(true);
    expect(engineAvailability(config, catalogue.findEngine('gemini')!)).toEqual({ available: false, reason: 'Google Gemini is not configured on this server' });
    const demo = loadConfig({});
    expect(engineAvailability(demo, catalogue.findEngine('gemini')!).available).toBe(true);
  });
});
