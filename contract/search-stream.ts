import * as Type from 'typebox/type';
import { ModelResult } from './model-result.ts';
import { AnswerSource } from './run-events.ts';

/**
 * The server-sent events of `POST /api/search/stream`: `start`, then `chunk`s (and `sources` when the engine cites
 * pages), then `end` or `error`. Each frame is an SSE `event:` name with a JSON `data:` line; its `id:` is the
 * event's sequence number, for resuming.
 */

const RunFrameBase = { requestId: Type.String(), runId: Type.String() };

export const StartFrame = Type.Object({
  event: Type.Literal('start'),
  data: Type.Object({ ...RunFrameBase, engine: Type.String(), model: Type.String() }),
});

export const ChunkFrame = Type.Object({
  event: Type.Literal('chunk'),
  data: Type.Object({ ...RunFrameBase, content: Type.String({ description: 'Text to append to what arrived so far.' }) }),
});

export const SourcesFrame = Type.Object({
  event: Type.Literal('sources'),
  data: Type.Object({ ...RunFrameBase, sources: Type.Array(AnswerSource, { description: 'More sources; add them to the list.' }) }),
});

/** The finished answer: the whole text in `response` (it replaces what was streamed) and the model's result. */
export const EndFrame = Type.Object({
  event: Type.Literal('end'),
  data: Type.Object({ requestId: Type.String(), ...ModelResult.properties, success: Type.Literal(true), response: Type.String() }),
});

/**
 * The answer failed (nothing is charged), or the server cannot go on (`runId` absent). `retryable` says whether
 * asking again may help.
 */
export const ErrorFrame = Type.Object({
  event: Type.Literal('error'),
  data: Type.Object({
    requestId: Type.String(),
    runId: Type.Optional(Type.String()),
    message: Type.String(),
    code: Type.String(),
    retryable: Type.Boolean(),
  }),
});

export const SearchStreamFrame = Type.Union([StartFrame, ChunkFrame, SourcesFrame, EndFrame, ErrorFrame]);

export type StartFrame = Type.Static<typeof StartFrame>;
export type ChunkFrame = Type.Static<typeof ChunkFrame>;
export type SourcesFrame = Type.Static<typeof SourcesFrame>;
export type EndFrame = Type.Static<typeof EndFrame>;
export type ErrorFrame = Type.Static<typeof ErrorFrame>;
export type SearchStreamFrame = Type.Static<typeof SearchStreamFrame>;
