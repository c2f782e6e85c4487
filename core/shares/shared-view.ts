import type { EntityManager } from '@mikro-orm/postgresql';
import { attachedFile } from '../../contract/attachments.ts';
import { attachmentsOfRequests } from '../attachments/index.ts';
import type { SharedRequest } from '../../contract/shares.ts';
import type { ModelCatalogue } from '../catalogue/index.ts';
import { SearchRequest } from '../database/index.ts';
import { requestResults } from '../requests/index.ts';

/**
 * A shared request as the public sees it: the question and every model's answer, name and timings. Built field by
 * field, so nothing about the owner (account, credits, brand settings, API key, ids) can slip in with a new column.
 */
export async function sharedView(em: EntityManager, catalogue: ModelCatalogue, requestId: string): Promise<SharedRequest | null> {
  const request = await em.findOne(SearchRequest, requestId);
  if (!request) return null;
  const results = await requestResults(em, requestId);
  const files = (await attachmentsOfRequests(em, [requestId])).get(requestId) ?? [];
  return {
    ...(files.length > 0 ? { attachments: files.map(attachedFile) } : {}),
    query: request.query,
    kind: request.kind,
    askedAt: request.createdAt.toISOString(),
    answers: results.map((result) => {
      const engine = catalogue.findEngine(result.engine);
      const model = engine ? catalogue.findModel(engine, result.model) : undefined;
      return {
        engine: result.engine,
        model: result.model,
        engineName: engine?.name ?? result.engine,
        modelName: model?.name ?? result.model,
        success: result.success,
        response: result.response,
        error: result.error,
        sources: result.sources,
        timeToFirstTokenMs: result.timeToFirstTokenMs,
        durationMs: result.durationMs,
      };
    }),
  };
}
