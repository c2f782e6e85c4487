import type { EntityManager } from '@mikro-orm/postgresql';
import type { ComparedModel } from '../../contract/ask.ts';
import { ModelRun, SearchRequest } from '../database/index.ts';
import type { ComparisonFacts } from './api-comparison.ts';

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

/** What a comparison says of itself besides its answers: its id, its question as stored, and when it was asked. */
export function comparisonFacts(request: Pick<SearchRequest, 'id' | 'query' | 'createdAt'>): ComparisonFacts {
  return { id: request.id, question: request.query, createdAt: request.createdAt };
}

/** The facts of a request just admitted, read back as stored (the question trimmed, the time Postgres gave it). */
export async function storedComparisonFacts(em: EntityManager, requestId: string): Promise<ComparisonFacts> {
  return comparisonFacts(await em.findOneOrFail(SearchRequest, { id: requestId }, { fields: ['id', 'query', 'createdAt'] }));
}
