import type { EntityManager } from '@mikro-orm/postgresql';
import { CONTINUATION_TEXTS, type ContinueMode } from '../../contract/continuation.ts';
import type { Requester } from '../credits/index.ts';
import type { RequestKind } from '../database/index.ts';
import { AppError } from '../errors/index.ts';

/** A model named as `engine/model`, the way `carryFrom` and the stored `carry_from` spell it. */
export interface ModelName {
  engine: string;
  model: string;
}

/** Where a new question takes its place: the request it follows up, how it continues it, and the turn it edits. */
export interface Continuation {
  followUpOf: string | null;
  mode: ContinueMode;
  /** With `carry`: whose answer to the previous question every model is given. */
  carry: ModelName | null;
  /** An edited question: the first version of the turn it is a new version of. */
  versionOf: string | null;
}

export interface ContinuationFields {
  kind: RequestKind;
  followUpOf?: string | undefined;
  continueMode?: ContinueMode | undefined;
  carryFrom?: string | undefined;
  versionOf?: string | undefined;
}

interface StoredTurn {
  id: string;
  kind: RequestKind;
  user_id: string | null;
  guest_session_id: string | null;
  follow_up_of: string | null;
  retry_of: string | null;
  version_of: string | null;
  continue_mode: ContinueMode;
  carry_from: string | null;
}

/** `engine/model` split at its first slash (model ids may hold more); null when it is not one. */
export function parseModelName(text: string | null): ModelName | null {
  const slash = text?.indexOf('/') ?? -1;
  if (!text || slash <= 0 || slash === text.length - 1) return null;
  return { engine: text.slice(0, slash), model: text.slice(slash + 1) };
}

export const modelNameText = (name: ModelName): string => `${name.engine}/${name.model}`;

/**
 * Reads the continuation fields of a question into where it goes. The fields must make sense together (a carry
 * names its source, a fork asks one model, a mode needs a request to continue); an edited question takes its
 * parent, mode and source from the question it replaces, which must be the caller's own. The request continued is
 * checked later, with its thread (follow-up-thread.ts).
 */
export async function resolveContinuation(
  em: EntityManager,
  requester: Pick<Requester, 'userId' | 'anonymousSessionId'>,
  fields: ContinuationFields,
): Promise<Continuation> {
  if (fields.versionOf) {
    if (fields.followUpOf || fields.continueMode || fields.carryFrom) throw new AppError('VALIDATION_ERROR', CONTINUATION_TEXTS.versionWithFollowUp);
    const edited = await ownTurn(em, requester, fields.versionOf, CONTINUATION_TEXTS.versionNotFound);
    if (edited.kind !== fields.kind) throw new AppError('VALIDATION_ERROR', CONTINUATION_TEXTS.versionOtherKind);
    return { ...storedPlace(edited), versionOf: edited.version_of ?? edited.id };
  }
  const mode = fields.continueMode ?? 'independent';
  if (mode !== 'independent' && !fields.followUpOf) throw new AppError('VALIDATION_ERROR', CONTINUATION_TEXTS.modeNeedsFollowUp);
  if (fields.carryFrom !== undefined && mode !== 'carry') throw new AppError('VALIDATION_ERROR', CONTINUATION_TEXTS.sourceWithoutCarry);
  if (mode === 'fork' && fields.kind !== 'single') throw new AppError('VALIDATION_ERROR', CONTINUATION_TEXTS.forkIsSingle);
  const carry = mode === 'carry' ? parseModelName(fields.carryFrom ?? null) : null;
  if (mode === 'carry' && !carry) throw new AppError('VALIDATION_ERROR', CONTINUATION_TEXTS.carryNeedsSource);
  return { followUpOf: fields.followUpOf ?? null, mode, carry, versionOf: null };
}

/**
 * A model asked again on its own continues exactly as the answer it replaces did: the same earlier turns, in the
 * same mode. `retryOf` is the request it is a version in (already checked to be the caller's own).
 */
export async function retryContinuation(em: EntityManager, retryOf: string): Promise<Continuation> {
  const [target] = await em.execute<StoredTurn[]>(`select * from search_requests where id = ?`, [retryOf]);
  return target ? { ...storedPlace(target), versionOf: null } : { followUpOf: null, mode: 'independent', carry: null, versionOf: null };
}

/** The place a stored question has; one whose earlier request was deleted stands alone. */
function storedPlace(turn: StoredTurn): Omit<Continuation, 'versionOf'> {
  const carry = turn.continue_mode === 'carry' ? parseModelName(turn.carry_from) : null;
  if (!turn.follow_up_of || (turn.continue_mode === 'carry' && !carry)) return { followUpOf: turn.follow_up_of, mode: 'independent', carry: null };
  return { followUpOf: turn.follow_up_of, mode: turn.continue_mode, carry };
}

/** A question of the caller's own, as a turn of its conversation (a regenerated answer stands for the turn it is in). */
async function ownTurn(em: EntityManager, requester: Pick<Requester, 'userId' | 'anonymousSessionId'>, id: string, notFound: string): Promise<StoredTurn> {
  const [found] = await em.execute<StoredTurn[]>(`select * from search_requests where id = ?`, [id]);
  const owned = found && (found.user_id ? found.user_id === requester.userId : found.guest_session_id === requester.anonymousSessionId);
  // Someone else's question reads exactly like one that does not exist.
  if (!owned) throw new AppError('NOT_FOUND', notFound);
  if (found.retry_of) return ownTurn(em, requester, found.retry_of, notFound);
  return found;
}
