import type { ProviderConnection } from './answer-provider.ts';

/**
 * The options the OpenAI-style SDKs (OpenAI's and Anthropic's take the same names) are built with. Retries are the
 * answer job's business (one policy for every provider), so the SDK makes exactly one call.
 */
export function sdkClientOptions(connection: ProviderConnection) {
  return { apiKey: connection.apiKey, baseURL: connection.baseUrl, timeout: connection.requestTimeoutMs, maxRetries: 0 };
}
