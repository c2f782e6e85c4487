import type { EntityManager } from '@mikro-orm/postgresql';
import type { ComparedModel } from '../../contract/ask.ts';
import { ModelRun } from '../database/entities/model-run.ts';
import { SearchRequest } from '../database/entities/search-request.ts';

/** A stored comparison of its owner's, with its runs in the order the models were named. */
export interface OwnedComparison {
  request: SearchRequest;
  runs: ModelRun[];
}

/**
 * The comparison `id` if `userId` asked it, else undefined: someone else's, a single question, an arena round or a
 * tracking run all read as not there, so an id never tells a stranger it exists.
 */
export async function findOwnedComparison(em: EntityManager, userId: string, id: string): Promise<OwnedComparison | undefined> {
  const request = await em.findOne(SearchRequest, { id, user: userId, kind: 'comparison' });
  if (!request) return undefined;
  const runs = await em.find(ModelRun, { request: id }, { orderBy: { position: 'asc' } });
  return { request, runs };
}

/**
 * The models a comparison asked, each with the settings it was asked with, to ask them again the same way. A model
 * asked without settings is asked again without any (`{}`), never with whatever a later turn might carry over.
 */
export function modelsAskedIn(runs: readonly ModelRun[]): ComparedModel[] {
  return runs.map((run) => ({ engine: run.engine, model: run.model, settings: run.settings ?? {} }));
}
