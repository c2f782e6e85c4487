import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '../../../core/database/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import type { StoredTrackingSet } from '../../../core/tracking/index.ts';
import { ownedTrackingSet } from '../../../core/tracking/index.ts';

export const tags = ['Tracking'];
export const readCodes = ['UNAUTHORIZED', 'NOT_FOUND'] as const;
export const writeCodes = ['VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'] as const;

/** The signed-in person's set named in the path; another person's set is as unknown as one that never existed. */
export async function ownedSet(app: FastifyInstance, request: FastifyRequest<{ Params: { id: string } }>): Promise<{ user: User; set: StoredTrackingSet }> {
  const user = request.signedIn.user;
  const set = await ownedTrackingSet(app.orm.em.fork(), user.id, request.params.id);
  if (!set) throw new AppError('NOT_FOUND', 'No such tracked prompt set');
  return { user, set };
}
