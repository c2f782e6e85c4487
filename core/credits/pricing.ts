import type { ModelCatalogue } from '../catalogue/index.ts';

/** The tiers, what each may spend per model in one request, and the one-time grants, as the contract states them. */
export { GUEST_GRANT, PER_MODEL_CREDIT_CAP, REGISTERED_GRANT, type Tier } from '../../contract/limits.ts';

/** What a long conversation adds to a model's price: the allowance, the blocks beyond it and the token estimate. */
export { LONG_CONVERSATION, longConversationSurcharge } from '../../contract/long-conversation.ts';

/** A model's price; a model the catalogue does not list costs the catalogue's default (the product's 5). */
export function modelCredits(catalogue: ModelCatalogue, engineId: string, modelId: string): number {
  return catalogue.modelOf(engineId, modelId)?.credits ?? catalogue.unknownModelCredits;
}

/** What one model costs in a request: its price, plus the web search surcharge when search is on. */
export function runCredits(catalogue: ModelCatalogue, engineId: string, modelId: string, searchEnabled: boolean): number {
  return modelCredits(catalogue, engineId, modelId) + (searchEnabled ? catalogue.webSearchCredits : 0);
}

/** The price list the client reads from `GET /api/credits` (`data.pricing`). */
export function pricingTable(catalogue: ModelCatalogue) {
  return {
    models: Object.fromEntries(
      catalogue.engines.map((engine) => [engine.id, Object.fromEntries(engine.models.map((model) => [model.id, model.credits]))]),
    ),
    features: { webSearch: catalogue.webSearchCredits, streaming: 0, brandMonitoring: 0 },
  };
}
