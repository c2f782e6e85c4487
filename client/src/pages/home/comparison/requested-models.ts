import type { ModelPair } from '../../../../../contract/ask.ts';
import type { HistoryRequest } from '../../../api/history-api.ts';

/** The engine/model pairs a past comparison asked, for "Run this prompt again": one per model result, in order. */
export const requestedModels = (request: Pick<HistoryRequest, 'results'>): ModelPair[] =>
  request.results.map(({ engine, model }) => ({ engine, model }));
