import * as Type from 'typebox/type';
import { MAX_STOPPED_RUNS } from './limits.ts';
import { ModelResult } from './model-result.ts';

/** `POST /api/search`: the whole answer at once (one model). */
export const SearchAnswer = Type.Object({ requestId: Type.String(), ...ModelResult.properties });

/** `POST /api/search` when the model failed (HTTP 502): nothing was charged; the result says why. */
export const FailedSearchAnswer = Type.Object({ requestId: Type.String(), result: Type.Union([ModelResult, Type.Null()]) });

/** `POST /api/compare`: every model's result at once. */
export const CompareAnswer = Type.Object({
  requestId: Type.String(),
  results: Type.Array(ModelResult),
  totalCreditsUsed: Type.Integer({ minimum: 0 }),
});

export const RequestParams = Type.Object({ id: Type.String({ maxLength: 64, description: 'The request id (`requestId`).' }) });

export const ResumeQuery = Type.Object({
  after: Type.Optional(Type.String({ pattern: '^\\d{1,16}$', description: 'Resume after this `seq` (or send `Last-Event-ID`).' })),
});

/** `POST /api/requests/:id/cancel`: stop the named runs, or every run still answering when none are named. */
export const StopRequestBody = Type.Union([
  Type.Object(
    { runIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: MAX_STOPPED_RUNS })) },
    { additionalProperties: false },
  ),
  Type.Null(),
]);

export const StopResult = Type.Object({
  requestId: Type.String(),
  cancelledRuns: Type.Integer({ minimum: 0, description: 'How many runs were still answering and are now stopped (never charged).' }),
  message: Type.String(),
});

export type SearchAnswer = Type.Static<typeof SearchAnswer>;
export type FailedSearchAnswer = Type.Static<typeof FailedSearchAnswer>;
export type CompareAnswer = Type.Static<typeof CompareAnswer>;
export type StopRequestBody = Type.Static<typeof StopRequestBody>;
export type StopResult = Type.Static<typeof StopResult>;
