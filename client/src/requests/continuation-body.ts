import type { ContinueMode } from '../../../contract/continuation.ts';

/** How a follow-up goes on from the request before it: each model its own answers, one answer carried, one model alone. */
export interface Continuation {
  continueMode: ContinueMode;
  /** With `carry`: `engine/model` of the answer every model is given. */
  carryFrom?: string;
}

type ContinuationFields = { followUpOf?: string; versionOf?: string; continueMode?: ContinueMode; carryFrom?: string; attachmentIds?: string[] };

/**
 * A body without its place in a conversation, so a question asked from an earlier one's body (a follow-up, an
 * edit) says where it goes itself and never inherits the earlier one's parent, mode, edited question or files (a
 * file goes with one question; a follow-up names its own).
 */
export function withoutContinuation<Body extends object>(body: Body): Body {
  const { followUpOf: _followUpOf, versionOf: _versionOf, continueMode: _continueMode, carryFrom: _carryFrom, attachmentIds: _attachmentIds, ...rest } = body as Body & ContinuationFields;
  return rest as Body;
}
