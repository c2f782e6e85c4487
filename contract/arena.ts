import * as Type from 'typebox/type';
import { ModelPair } from './ask.ts';
import { fieldMessages } from './field-messages.ts';
import { ARENA_LIMITS, QUERY_MAX_LENGTH } from './limits.ts';
import { ModelResult } from './model-result.ts';

/**
 * The blind arena: several models answer one question under the labels Model A, B, C… (in an order the server
 * shuffles and keeps), the person votes, and only then learns which model wrote what, what each cost and how long it
 * took. Until the vote every frame and answer about the round carries the labels, never a model's name.
 */

/** What the question is about, chosen when asking; votes are kept (and ranked) per category. */
export const ARENA_CATEGORIES = ['general', 'coding', 'writing', 'reasoning', 'knowledge'] as const;
export type ArenaCategory = (typeof ARENA_CATEGORIES)[number];
export const ARENA_CATEGORY_NAMES: Record<ArenaCategory, string> = {
  general: 'General',
  coding: 'Coding',
  writing: 'Creative writing',
  reasoning: 'Maths and reasoning',
  knowledge: 'Facts and research',
};
export const ArenaCategory = Type.Union([
  Type.Literal('general'),
  Type.Literal('coding'),
  Type.Literal('writing'),
  Type.Literal('reasoning'),
  Type.Literal('knowledge'),
]);

/** The engine every blind frame names, so no frame carries a model's real engine before the vote. */
export const BLIND_ENGINE = 'arena';

/** `Model A`, `Model B`… in the order the server shuffled the models. */
export const blindLabel = (position: number): string => `Model ${String.fromCharCode(65 + position)}`;

const SelectModels = `Pick ${ARENA_LIMITS.minModels} to ${ARENA_LIMITS.maxModels} models, or let us surprise you`;

export const ArenaRequestBody = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: QUERY_MAX_LENGTH,
      pattern: '\\S',
      description: `The question, at most ${QUERY_MAX_LENGTH} characters.`,
      ...fieldMessages({ required: 'Please enter a question', tooLong: `Your question is too long: the limit is ${QUERY_MAX_LENGTH} characters`, invalid: 'Please enter a question' }),
    }),
    category: ArenaCategory,
    models: Type.Optional(
      Type.Array(ModelPair, {
        minItems: ARENA_LIMITS.minModels,
        maxItems: ARENA_LIMITS.maxModels,
        description: `The models to pit against each other, ${ARENA_LIMITS.minModels} to ${ARENA_LIMITS.maxModels}, each once. Leave out to be surprised.`,
        ...fieldMessages({ required: SelectModels, invalid: SelectModels, tooLong: SelectModels }),
      }),
    ),
    surprise: Type.Optional(
      Type.Integer({
        minimum: ARENA_LIMITS.minModels,
        maximum: ARENA_LIMITS.maxModels,
        description: 'Without `models`: how many models the server picks at random from those your tier may use.',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ query: 'Explain recursion to a child', category: 'general', surprise: 3 }],
  },
);

/**
 * A vote. `best`: the labels of the best answer (several for a shared first place); each beats every other answer.
 * `ranking`: every answer in tiers, best first, answers in one tier tied. `all_bad`: none is good (kept, but says
 * nothing about which is better, so it is left out of the leaderboard).
 */
const Label = Type.String({ minLength: 1, maxLength: 16 });
export const ArenaVoteBody = Type.Union([
  Type.Object({ verdict: Type.Literal('best'), best: Type.Array(Label, { minItems: 1, maxItems: ARENA_LIMITS.maxModels }) }, { additionalProperties: false }),
  Type.Object(
    {
      verdict: Type.Literal('ranking'),
      tiers: Type.Array(Type.Array(Label, { minItems: 1, maxItems: ARENA_LIMITS.maxModels }), { minItems: 1, maxItems: ARENA_LIMITS.maxModels }),
    },
    { additionalProperties: false },
  ),
  Type.Object({ verdict: Type.Literal('all_bad') }, { additionalProperties: false }),
]);

/** One answer of a round: blind (`engine` is `arena`, `model` its label, no cost or timing) until the vote. */
export const ArenaAnswer = Type.Object({ label: Type.String(), ...ModelResult.properties });

export const ArenaRound = Type.Object({
  requestId: Type.String(),
  query: Type.String(),
  category: ArenaCategory,
  status: Type.Union([Type.Literal('answering'), Type.Literal('voting'), Type.Literal('revealed')], {
    description: '`answering` until every model has ended, `voting` until the vote, then `revealed`.',
  }),
  answers: Type.Array(ArenaAnswer, { description: 'In label order.' }),
  vote: Type.Union([ArenaVoteBody, Type.Null()]),
  totalCreditsUsed: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Null until the reveal.' }),
});

export const ArenaParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** One model on a leaderboard, Bradley–Terry on an Elo-like scale (1000 is the average model). */
export const LeaderboardEntry = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  engine: Type.String(),
  model: Type.String(),
  name: Type.String({ description: 'The model as people know it.' }),
  score: Type.Number(),
  lower: Type.Number({ description: 'The 95% confidence interval’s lower end (bootstrap).' }),
  upper: Type.Number(),
  battles: Type.Integer({ minimum: 0, description: 'Pairwise comparisons the model took part in.' }),
  wins: Type.Number(),
  losses: Type.Number(),
  ties: Type.Number(),
});

export const Leaderboard = Type.Object({
  category: Type.Union([ArenaCategory, Type.Literal('overall')]),
  computedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  votes: Type.Integer({ minimum: 0, description: 'Rounds that counted.' }),
  entries: Type.Array(LeaderboardEntry),
});

export const LeaderboardQuery = Type.Object({
  category: Type.Optional(Type.Union([ArenaCategory, Type.Literal('overall')])),
});

export type ArenaRequestBody = Type.Static<typeof ArenaRequestBody>;
export type ArenaVoteBody = Type.Static<typeof ArenaVoteBody>;
export type ArenaAnswer = Type.Static<typeof ArenaAnswer>;
export type ArenaRound = Type.Static<typeof ArenaRound>;
export type LeaderboardEntry = Type.Static<typeof LeaderboardEntry>;
export type Leaderboard = Type.Static<typeof Leaderboard>;
export type LeaderboardCategory = Leaderboard['category'];
