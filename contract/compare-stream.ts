import * as Type from 'typebox/type';
import { ModelResult } from './model-result.ts';
import { AnswerSource } from './run-events.ts';
import { ErrorFrame } from './search-stream.ts';

/**
 * The server-sent events of `POST /api/compare/stream`: per model `model_start`, `model_chunk`s (and
 * `model_sources`), then `model_complete` with its result, success or failure; the models interleave as they
 * arrive. `all_complete` ends the stream with every result; `error` means the server cannot go on.
 */

const ModelFrameBase = { requestId: Type.String(), runId: Type.String(), engine: Type.String(), model: Type.String() };

export const ModelStartFrame = Type.Object({
  event: Type.Literal('model_start'),
  data: Type.Object(ModelFrameBase),
});

export const ModelChunkFrame = Type.Object({
  event: Type.Literal('model_chunk'),
  data: Type.Object({ ...ModelFrameBase, content: Type.String({ description: "Text to append to this model's answer." }) }),
});

export const ModelSourcesFrame = Type.Object({
  event: Type.Literal('model_sources'),
  data: Type.Object({ ...ModelFrameBase, sources: Type.Array(AnswerSource) }),
});

export const ModelCompleteFrame = Type.Object({
  event: Type.Literal('model_complete'),
  data: Type.Object({ ...ModelFrameBase, result: ModelResult }),
});

export const AllCompleteFrame = Type.Object({
  event: Type.Literal('all_complete'),
  data: Type.Object({
    requestId: Type.String(),
    totalCreditsUsed: Type.Integer({ minimum: 0 }),
    results: Type.Array(ModelResult, { description: 'Every model, in the order they were picked.' }),
  }),
});

export { ErrorFrame };

export const CompareStreamFrame = Type.Union([ModelStartFrame, ModelChunkFrame, ModelSourcesFrame, ModelCompleteFrame, AllCompleteFrame, ErrorFrame]);

export type ModelStartFrame = Type.Static<typeof ModelStartFrame>;
export type ModelChunkFrame = Type.Static<typeof ModelChunkFrame>;
export type ModelSourcesFrame = Type.Static<typeof ModelSourcesFrame>;
export type ModelCompleteFrame = Type.Static<typeof ModelCompleteFrame>;
export type AllCompleteFrame = Type.Static<typeof AllCompleteFrame>;
export type CompareStreamFrame = Type.Static<typeof CompareStreamFrame>;

/** Any frame either stream can carry; the live socket relays both kinds. */
export type StreamFrame = import('./search-stream.ts').SearchStreamFrame | CompareStreamFrame;
