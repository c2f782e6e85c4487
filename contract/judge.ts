import * as Type from 'typebox/type';
import { ModelResult } from './model-result.ts';

/**
 * `POST /api/requests/:id/judge`: one more model (the judge, chosen by the person) reads a finished comparison's
 * answers and summarises where they agree and disagree. It is one more run, admitted and charged like any answer
 * at the judge's price; a judge that fails costs nothing.
 */
export const JudgeRequestBody = Type.Object(
  {
    engine: Type.String({ minLength: 1, maxLength: 64 }),
    model: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);

export const JudgeSummary = Type.Object({ requestId: Type.String({ description: 'The judge’s own request (it appears in the history).' }), result: ModelResult });

/** What the judge is asked, after the question and the answers. */
export const JUDGE_INSTRUCTION =
  'Summarise where the answers above agree and where they disagree. Start with the points of agreement, then the disagreements, naming which answer says what. Be brief.';

export type JudgeRequestBody = Type.Static<typeof JudgeRequestBody>;
export type JudgeSummary = Type.Static<typeof JudgeSummary>;
