import type { ModelPair } from '../../../../../contract/ask.ts';
import type { HistoryRequest } from '../../../api/history-api.ts';

/**
 * The engine/model pairs a past comparison asked, for "Run this prompt again": from its per-model results, or,
 * for a record without them, from its `model` field, which reads `prefix:engine/model,engine/model`.
 */
export function requestedModels(request: Pick<HistoryRequest, 'model' | 'results'>): ModelPair[] {
  if (request.results && request.results.length > 0) {
    return request.results.map(({ engine, model }) => ({ engine, model }));
  }
  const list = request.model.slice(request.model.indexOf(':') + 1);
  return list.split(',').flatMap((entry) => {
    const separator = entry.indexOf('/');
    if (separator <= 0 || separator === entry.length - 1) return [];
    // Model ids may hold a slash themselves (`meta-llama/llama-4-scout…`); engine ids never do.
    return [{ engine: entry.slice(0, separator).trim(), model: entry.slice(separator + 1).trim() }];
  });
}
