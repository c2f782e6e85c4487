import { describe, expect, it } from 'vitest';
import { loadModelCatalogue, type EngineProvider } from '../../core/catalogue/model-catalogue.ts';
import { loadConfig, PROVIDER_IDS } from '../../core/config/config.ts';
import { AnthropicProvider } from '../../worker/providers/anthropic/anthropic-provider.ts';
import { GeminiProvider } from '../../worker/providers/gemini/gemini-provider.ts';
import { OpenAiProvider } from '../../worker/providers/openai/openai-provider.ts';
import { ADAPTERS, ProviderRegistry } from '../../worker/providers/provider-registry.ts';
import { AiOverviewProvider } from '../../worker/providers/serpapi/serpapi-provider.ts';

/**
 * Every member of the catalogue's provider type, with the adapter class expected to speak for it. `satisfies`
 * makes the type checker reject this object when the type gains or loses a member, so the list cannot fall behind.
 */
const expectedAdapters = {
  openai: OpenAiProvider,
  anthropic: AnthropicProvider,
  gemini: GeminiProvider,
  deepseek: OpenAiProvider,
  groq: OpenAiProvider,
  perplexity: OpenAiProvider,
  serpapi: AiOverviewProvider,
  local: OpenAiProvider,
} satisfies Record<EngineProvider, unknown>;

const everyProvider = Object.keys(expectedAdapters) as EngineProvider[];

const connection = (engine: string) => ({ engine, apiKey: 'key', baseUrl: 'http://127.0.0.1:9/v1', requestTimeoutMs: 1_000 });

describe('the provider registry', () => {
  it('has an adapter for every provider the catalogue can name, building the right one for the engine', () => {
    for (const provider of everyProvider) {
      const factory = ADAPTERS[provider];
      expect(typeof factory, provider).toBe('function');
      const adapter = factory(connection(`engine-of-${provider}`));
      expect(adapter, provider).toBeInstanceOf(expectedAdapters[provider]);
      expect(adapter.engine).toBe(`engine-of-${provider}`);
    }
    expect(Object.keys(ADAPTERS).sort()).toEqual([...everyProvider].sort());
  });

  it('knows the same providers the configuration takes credentials for (the local engine takes a base URL)', () => {
    expect([...everyProvider].sort()).toEqual([...PROVIDER_IDS, 'local'].sort());
  });

  it('offers every engine of the shipped catalogue, local models included, once each has credentials', () => {
    const keys = Object.fromEntries(PROVIDER_IDS.map((id) => [`${id.toUpperCase()}_API_KEY`, 'key']));
    const config = loadConfig({ ...keys, LOCAL_LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LOCAL_LLM_MODELS: 'llama3.2' });
    const catalogue = loadModelCatalogue(config);
    const registry = new ProviderRegistry({ catalogue, providers: config.providers, localModels: config.localModels, requestTimeoutMs: 1_000 });

    expect(registry.engines().sort()).toEqual(catalogue.engines.map((engine) => engine.id).sort());
    for (const engine of catalogue.engines) {
      expect(registry.get(engine.id), engine.id).toBeInstanceOf(expectedAdapters[engine.provider]);
      expect(registry.get(engine.id)?.engine).toBe(engine.id);
    }
  });

  it('leaves out engines whose provider has no key', () => {
    const config = loadConfig({ ANTHROPIC_API_KEY: 'key' });
    const registry = new ProviderRegistry({
      catalogue: loadModelCatalogue(config),
      providers: config.providers,
      localModels: config.localModels,
      requestTimeoutMs: 1_000,
    });
    expect(registry.engines()).toEqual(['anthropic']);
    expect(registry.get('openai')).toBeUndefined();
  });
});
