import * as Type from 'typebox/type';
import { ModelResult } from './model-result.ts';
import { TurnPlace } from './continuation.ts';

/**
 * `GET /api/requests/:id/thread`: the earlier questions of a follow-up, oldest first, each with every model's
 * result, so a page reloaded in the middle of a conversation can show it whole again.
 */
export const ThreadTurn = Type.Object(
  {
    requestId: Type.String(),
    query: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    results: Type.Array(ModelResult),
    ...TurnPlace,
  },
  { additionalProperties: false },
);
export type ThreadTurn = Type.Static<typeof ThreadTurn>;

export const RequestThread = Type.Object(
  {
    requestId: Type.String(),
    /** Earlier turns, oldest first; empty for a first question. */
    turns: Type.Array(ThreadTurn),
    /** How the request itself continued the last of them, and every version of its question. */
    current: Type.Object(TurnPlace, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type RequestThread = Type.Static<typeof RequestThread>;
