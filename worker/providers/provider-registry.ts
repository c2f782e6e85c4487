import type { ProviderId, ProviderSettings } from '../../core/config/config.ts';
import type { AnswerProvider } from './answer-provider.ts';
import { OpenAiProvider } from './openai/openai-provider.ts';

export interface ProviderRegistryOptions {
  providers: Record<ProviderId, ProviderSettings>;
  timeoutMs: number;
  maxRetries: number;
}

/** Builds one adapter per engine that has a key. An engine without a key is simply not offered by this worker. */
export class ProviderRegistry {
  private readonly byEngine = new Map<string, AnswerProvider>();

  constructor(options: ProviderRegistryOptions) {
    const openai = options.providers.openai;
    if (openai.apiKey) {
      this.byEngine.set(
        'openai',
        new OpenAiProvider({
          engine: 'openai',
          apiKey: openai.apiKey,
          baseUrl: openai.baseUrl,
          timeoutMs: options.timeoutMs,
          maxRetries: options.maxRetries,
        }),
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
