import type { ArenaRequestBody } from '../../../contract/arena.ts';
import type { CompareRequestBody, ModelPair, SearchRequestBody } from '../../../contract/ask.ts';

const AI_OVERVIEW_ENGINE = 'ai-overview';

/**
 * The single-model question that asks one comparison column's model again, with the comparison's settings. With the
 * comparison's request id, the server puts the new answer in that model's place in the conversation.
 */
export function retryBody(comparison: CompareRequestBody, column: ModelPair, requestId?: string | null): SearchRequestBody {
  return {
    query: comparison.query,
    model: column.engine,
    specificModel: column.model,
    ...(comparison.searchEnabled !== undefined ? { searchEnabled: comparison.searchEnabled } : {}),
    ...(column.engine === AI_OVERVIEW_ENGINE && comparison.aiOverviewParams ? { aiOverviewParams: comparison.aiOverviewParams } : {}),
    ...(comparison.brandMonitoringEnabled !== undefined ? { brandMonitoringEnabled: comparison.brandMonitoringEnabled } : {}),
    ...(comparison.brandConfig ? { brandConfig: comparison.brandConfig } : {}),
    // Same place in the conversation, and the new answer takes this model's place in it.
    ...(comparison.followUpOf ? { followUpOf: comparison.followUpOf } : {}),
    ...(requestId ? { retryOf: requestId } : {}),
  };
}

/** The models a body asks, in the order asked; an arena round's columns are its blind labels (`arena` / `Model A`…). */
export function askedModels(body: SearchRequestBody | CompareRequestBody | ArenaRequestBody): ModelPair[] {
  if ('category' in body) {
    const count = body.models?.length ?? body.surprise ?? 0;
    return Array.from({ length: count }, (_, position) => ({ engine: 'arena', model: `Model ${String.fromCharCode(65 + position)}` }));
  }
  return 'models' in body ? body.models.map(({ engine, model }) => ({ engine, model })) : [{ engine: body.model, model: body.specificModel }];
}
