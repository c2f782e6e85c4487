import type { ModelCatalogue } from './model-catalogue.ts';

export interface TokenFigures {
  cachedTokens: number | null;
  reasoningTokens: number | null;
}

/**
 * The cache and reasoning counts an answer keeps: only those its model reports, as the catalogue says. Providers
 * send a 0 for figures that do not apply (OpenAI's `reasoning_tokens: 0` from a model that never reasons, Gemini's
 * omitted counts read as 0), and a 0 shown there would read as a measurement; null says "not reported". A model the
 * catalogue no longer lists keeps what its provider sent.
 */
export function reportedTokenFigures(catalogue: ModelCatalogue | undefined, engineId: string, modelId: string, figures: TokenFigures): TokenFigures {
  const capabilities = catalogue?.modelOf(engineId, modelId)?.capabilities;
  if (!capabilities) return figures;
  return {
    cachedTokens: capabilities.cachedTokens ? figures.cachedTokens : null,
    reasoningTokens: capabilities.reasoningTokens ? figures.reasoningTokens : null,
  };
}
