import * as Type from 'typebox/type';
import { ModelResult } from './model-result.ts';

/**
 * `POST /api/requests/:id/judge`: one more model (the judge, chosen by the person) reads a finished comparison's
 * answers and, by its mode, summarises where they agree and disagree, merges them into one answer with each claim
 * attributed, critiques each, or ranks them. It is one more run, admitted and charged like any answer at the judge's
 * price; a judge that fails costs nothing.
 */
export const JUDGE_MODES = ['agreement', 'merge', 'critique', 'rank'] as const;
export type JudgeMode = (typeof JUDGE_MODES)[number];

export const JudgeModeSchema = Type.Union(JUDGE_MODES.map((mode) => Type.Literal(mode)));

/**
 * A person's own instruction for a mode. The instruction is the judge's question, which is stored like any question
 * (at most 500 characters), with room left for the source check that follows it when answers cite pages.
 */
export const JUDGE_INSTRUCTION_MAX_LENGTH = 300;

export const JudgeRequestBody = Type.Object(
  {
    engine: Type.String({ minLength: 1, maxLength: 64 }),
    model: Type.String({ minLength: 1, maxLength: 128 }),
    mode: Type.Optional(JudgeModeSchema),
    /** This call's instruction instead of the mode's (the person's saved one, or the built-in). */
    instruction: Type.Optional(Type.String({ minLength: 1, maxLength: JUDGE_INSTRUCTION_MAX_LENGTH })),
  },
  { additionalProperties: false },
);

export const JudgeSummary = Type.Object({
  requestId: Type.String({ description: 'The judge’s own request (it appears in the history).' }),
  mode: JudgeModeSchema,
  /** Whether the judge was asked to check the cited sources (some answers cited the web). */
  checkedSources: Type.Boolean(),
  result: ModelResult,
});

/** What the judge is asked in each mode, after the question and the answers, unless the person saved their own. */
export const JUDGE_INSTRUCTIONS: Record<JudgeMode, string> = {
  agreement:
    'Summarise where the answers above agree and where they disagree. Start with the points of agreement, then the disagreements, naming which answer says what. Be brief.',
  merge:
    'Write the one best answer to the question from the answers above. After every claim, name in brackets the answers it comes from, like [Answer 1, Answer 3]. Where the answers contradict each other, say so and say which is more likely right and why.',
  critique:
    'Critique each answer above in turn: its strongest point, its weakest point, and any claim that looks wrong, outdated or unsupported. Name each answer. Be specific and brief.',
  rank: 'Rank the answers above from best to worst for the question. For each, give its rank, its name and one sentence on why. End with one line naming the best answer.',
};

/** Added when answers cite web pages: the judge sees each page's title and address, not its text. */
export const SOURCE_CHECK_INSTRUCTION =
  'Some answers cite web pages (listed under them: titles and addresses only). Mark each cited page that does not plausibly support its claim as [unsupported source: <address>].';

/** `GET /api/judge/prompts`: the person's saved instruction per mode (only the modes they changed), and the built-ins. */
export const JudgePrompts = Type.Object({
  saved: Type.Record(Type.String(), Type.String(), { description: 'Mode → the person’s own instruction.' }),
  builtIn: Type.Record(Type.String(), Type.String(), { description: 'Mode → Quorum’s instruction.' }),
});

export const JudgePromptParams = Type.Object({ mode: JudgeModeSchema });
export const SaveJudgePromptBody = Type.Object(
  { instruction: Type.String({ minLength: 1, maxLength: JUDGE_INSTRUCTION_MAX_LENGTH }) },
  { additionalProperties: false },
);

export type JudgeRequestBody = Type.Static<typeof JudgeRequestBody>;
export type JudgeSummary = Type.Static<typeof JudgeSummary>;
export type JudgePrompts = Type.Static<typeof JudgePrompts>;
