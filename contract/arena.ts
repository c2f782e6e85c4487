import * as Type from 'typebox/type';
import { AttachmentIds } from './attachments.ts';
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
    attachmentIds: Type.Optional(AttachmentIds),
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

/**
 * What a vote counted for on the public leaderboards, and why: in full, weighted by the account's age (and halved
 * while its email was unverified), or not at all (an "all bad" verdict, a vote faster than the answers could be
 * read, or no account behind it). The published rules are `ARENA_RULES`.
 */
export const ArenaVoteCountedReason = Type.Union([
  Type.Literal('full'),
  Type.Literal('new_account'),
  Type.Literal('unverified_email'),
  Type.Literal('new_account_unverified_email'),
  Type.Literal('read_too_fast'),
  Type.Literal('all_bad'),
  Type.Literal('no_account'),
]);
export const ArenaVoteCounted = Type.Object({
  weight: Type.Number({ minimum: 0, maximum: 1, description: 'How much the vote counts, 0 to 1: 1 is a full vote, 0 moves nothing.' }),
  reason: ArenaVoteCountedReason,
  readingSeconds: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'Seconds from asking the round to the vote.' }),
  neededSeconds: Type.Number({ minimum: 0, description: 'The least time the vote had to take: the shortest answer at the published reading speed.' }),
  accountAgeDays: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: "The voter's account age when the vote was cast." }),
});

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
  counted: Type.Union([ArenaVoteCounted, Type.Null()], { description: 'What the vote counted for on the leaderboards, and why; null until the vote.' }),
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
  rankLower: Type.Integer({ minimum: 1, description: 'The 95% interval of the rank (bootstrap): the best rank the model plausibly holds…' }),
  rankUpper: Type.Integer({ minimum: 1, description: '…and the worst.' }),
  group: Type.Integer({ minimum: 1, description: 'Models in one group are statistically tied (their intervals overlap the group’s first model’s).' }),
  battles: Type.Number({ minimum: 0, description: 'Pairwise comparisons the model took part in, each counted by its vote’s weight.' }),
  wins: Type.Number(),
  losses: Type.Number(),
  ties: Type.Number(),
});

/** `controlled` holds answer length and markdown equal (the default); `raw` is the plain fit. */
export const LeaderboardStyle = Type.Union([Type.Literal('controlled'), Type.Literal('raw')]);

/** How much one style feature sways a vote by itself, with a 95% interval. */
export const StyleEffect = Type.Object({
  feature: Type.String(),
  name: Type.String(),
  points: Type.Number({ description: 'Elo-like points for a difference of 1 in (A − B) / (A + B): one answer has all of it, the other none.' }),
  lower: Type.Number(),
  upper: Type.Number(),
});

export const Leaderboard = Type.Object({
  category: Type.Union([ArenaCategory, Type.Literal('overall')]),
  style: LeaderboardStyle,
  computedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  votes: Type.Integer({ minimum: 0, description: 'Rounds that counted.' }),
  droppedVotes: Type.Integer({ minimum: 0, description: 'Votes left out because they came faster than their answers could be read.' }),
  minBattles: Type.Number({ minimum: 0, description: 'Weighted battles a model needs before it is shown.' }),
  hidden: Type.Integer({ minimum: 0, description: 'Models fitted but not shown yet: fewer battles than the minimum.' }),
  styleEffects: Type.Array(StyleEffect, { description: 'The style-controlled fit’s coefficients; empty for the raw board.' }),
  entries: Type.Array(LeaderboardEntry),
  personal: Type.Union([Type.Object({ votes: Type.Integer({ minimum: 0 }), needed: Type.Integer({ minimum: 0 }) }), Type.Null()], {
    description: 'On one’s own board: how many votes the person has cast and how many open it (entries stay empty until then).',
  }),
});

export const LeaderboardQuery = Type.Object({
  category: Type.Optional(Type.Union([ArenaCategory, Type.Literal('overall')])),
  style: Type.Optional(LeaderboardStyle),
});

export type ArenaRequestBody = Type.Static<typeof ArenaRequestBody>;
export type ArenaVoteBody = Type.Static<typeof ArenaVoteBody>;
export type ArenaAnswer = Type.Static<typeof ArenaAnswer>;
export type ArenaRound = Type.Static<typeof ArenaRound>;
export type ArenaVoteCounted = Type.Static<typeof ArenaVoteCounted>;
export type ArenaVoteCountedReason = Type.Static<typeof ArenaVoteCountedReason>;
export type LeaderboardEntry = Type.Static<typeof LeaderboardEntry>;
export type Leaderboard = Type.Static<typeof Leaderboard>;
export type LeaderboardCategory = Leaderboard['category'];
export type LeaderboardStyle = Type.Static<typeof LeaderboardStyle>;
export type StyleEffect = Type.Static<typeof StyleEffect>;
