import type { ProviderId } from '../core/config/index.ts';

/**
 * Where the simulator serves each provider's wire format, spelled as that provider's SDK expects its base URL.
 * Demo mode and the tests point the providers here.
 */
export function simulatorBaseUrls(simulatorUrl: string): Record<ProviderId, string> {
  return {
    openai: `${simulatorUrl}/openai/v1`,
    deepseek: `${simulatorUrl}/deepseek/v1`,
    groq: `${simulatorUrl}/groq/openai/v1`,
    perplexity: `${simulatorUrl}/perplexity/v1`,
    anthropic: `${simulatorUrl}/anthropic`,
    gemini: `${simulatorUrl}/gemini`,
    serpapi: `${simulatorUrl}/serpapi`,
  };
}

/**
 * The environment variables that point each named provider at a base URL with a placeholder key
 * (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, …): how tests and benchmarks start whole Quorum processes on the simulator.
 */
export function providerEnvironment(baseUrls: Partial<Record<ProviderId, string>>, apiKey: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(baseUrls).flatMap(([id, baseUrl]) => [
      [`${id.toUpperCase()}_API_KEY`, apiKey],
      [`${id.toUpperCase()}_BASE_URL`, baseUrl],
    ]),
  );
}
