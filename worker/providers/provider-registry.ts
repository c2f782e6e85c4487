import { credentialsFor, type EngineProvider, type ModelCatalogue } from '../../core/catalogue/index.ts';
import type { ProviderId, ProviderSettings, QuorumConfig } from '../../core/config/index.ts';
import type { AnswerProvider, ProviderConnection } from './answer-provider.ts';
import { AnthropicProvider } from './anthropic/anthropic-provider.ts';
import { GeminiProvider } from './gemini/gemini-provider.ts';
import { OpenAiProvider } from './openai/openai-provider.ts';
import { AiOverviewProvider } from './serpapi/serpapi-provider.ts';

export type AdapterFactory = (connection: ProviderConnection) => AnswerProvider;

/**
 * Which adapter speaks for which provider. OpenAI-compatible vendors reuse the OpenAI adapter with their own base
 * URL; the others have a folder of their own under `providers/`. A full record, not a partial one: a provider
 * added to the catalogue's type without an adapter here fails the type check instead of silently never answering.
 */
export const ADAPTERS: Readonly<Record<EngineProvider, AdapterFactory>> = {
  openai: (connection) => new OpenAiProvider(connection),
  anthropic: (connection) => new AnthropicProvider(connection),
  gemini: (connection) => new GeminiProvider(connection),
  deepseek: (connection) => new OpenAiProvider(connection),
  groq: (connection) => new OpenAiProvider(connection),
  perplexity: (connection) => new OpenAiProvider(connection),
  serpapi: (connection) => new AiOverviewProvider(connection),
  local: (connection) => new OpenAiProvider(connection),
};

export interface ProviderRegistryOptions {
  catalogue: ModelCatalogue;
  providers: Record<ProviderId, ProviderSettings>;
  localModels: QuorumConfig['localModels'];
  requestTimeoutMs: number;
}

/** One adapter per engine that has credentials. An engine without them is simply not offered by this worker. */
export class ProviderRegistry {
  private readonly byEngine = new Map<string, AnswerProvider>();

  constructor(options: ProviderRegistryOptions) {
    for (const engine of options.catalogue.engines) {
      const factory = ADAPTERS[engine.provider];
      const credentials = credentialsFor(engine.provider);
      const settings = credentials ? options.providers[credentials] : options.localModels;
      if (!settings?.apiKey) continue;
      this.byEngine.set(
        engine.id,
        factory({ engine: engine.id, apiKey: settings.apiKey, baseUrl: settings.baseUrl, requestTimeoutMs: options.requestTimeoutMs }),
      );
    }
  }

  get(engine: string): AnswerProvider | undefined {
    return this.byEngine.get(engine);
  }

  engines(): string[] {
    return [...this.byEngine.keys()];
  }
}
