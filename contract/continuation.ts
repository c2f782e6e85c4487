import * as Type from 'typebox/type';

/**
 * How a follow-up continues a conversation. `independent`: each model is given its own earlier answers. `carry`:
 * every model is given one chosen model's answer (`carryFrom`) as the reply to the previous question, so all of
 * them go on from the same place. `fork`: one model of a comparison goes on alone, as a single conversation that
 * keeps its own earlier answers.
 */
export const CONTINUE_MODES = ['independent', 'carry', 'fork'] as const;
export const ContinueMode = Type.Union([Type.Literal('independent'), Type.Literal('carry'), Type.Literal('fork')], {
    description:
      'How a follow-up continues (with `followUpOf`): `independent` (default) gives each model its own earlier answers; `carry` gives every model the answer named by `carryFrom` as the reply to the previous question; `fork` (one model, `/api/search…`) continues one model of a comparison on its own.',
});
export type ContinueMode = (typeof CONTINUE_MODES)[number];

/** `engine/model`: the model whose answer is carried. */
export const CarryFrom = Type.String({
  minLength: 3,
  maxLength: 200,
  pattern: '^[^/\\s]+/\\S+$',
  description: 'With `continueMode: carry`: the model of the continued request whose answer every model is given, as `engine/model` (e.g. `openai/gpt-4o-mini`).',
});

/** One version of a question: an edited question is asked again as a new version of the same turn. */
export const TurnVersion = Type.Object(
  {
    requestId: Type.String(),
    query: Type.String(),
    /** The newest request of the conversation that goes on from this version: open it to read that branch. */
    latestRequestId: Type.String(),
  },
  { additionalProperties: false },
);
export type TurnVersion = Type.Static<typeof TurnVersion>;

/** Where a turn stands in its conversation: how it continued the turn before, and its versions. */
export const TurnPlace = {
  continueMode: ContinueMode,
  /** With `carry`: the `engine/model` whose answer to the previous question every model was given; otherwise null. */
  carryFrom: Type.Union([Type.String(), Type.Null()]),
  /** Every version of this question, oldest first (one when it was never edited). */
  versions: Type.Array(TurnVersion),
};

export const CONTINUATION_TEXTS = {
  carryNeedsSource: 'Choose the answer to carry: carryFrom names its model as engine/model.',
  sourceWithoutCarry: 'carryFrom is only used with continueMode "carry".',
  modeNeedsFollowUp: 'A continue mode needs followUpOf: the finished request to continue.',
  forkIsSingle: 'To continue one model on its own, ask it through /api/search with continueMode "fork".',
  carryNotAsked: (model: string) => `${model} was not part of the conversation: carry the answer of one of its models.`,
  carryUnanswered: (model: string) => `${model} has no finished answer to carry. Choose a model that answered.`,
  versionNotFound: 'The question to edit was not found.',
  versionWithFollowUp: 'An edited question takes its place in the conversation from the question it replaces: leave out followUpOf, continueMode and carryFrom.',
  versionOtherKind: 'An edited question is asked of the same models as the question it replaces.',
} as const;
