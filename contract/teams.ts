import * as Type from 'typebox/type';
import { ComparedModel, CompareRequestBody } from './ask.ts';
import { fieldMessages } from './field-messages.ts';
import { MAX_COMPARED_MODELS } from './limits.ts';

/**
 * Saved teams: a person's named set of models, each with its column settings, and optionally the judge or council
 * that reads their answers. Picked in one click in the workspace, opened by link (`/?team=<id>`), and named by
 * `teamId` on `POST /api/compare` (and its stream) and the MCP `compare` tool, where the server fills in the models.
 */
export const TEAM_LIMITS = { perAccount: 20, nameLength: 60 } as const;

export const TeamName = Type.String({
  minLength: 1,
  maxLength: TEAM_LIMITS.nameLength,
  pattern: '\\S',
  description: `The team's name, unique among your teams whatever its case, at most ${TEAM_LIMITS.nameLength} characters.`,
  ...fieldMessages({
    required: 'Give the team a name',
    invalid: 'Give the team a name',
    tooLong: `A team name can be at most ${TEAM_LIMITS.nameLength} characters`,
  }),
});

/** The judge's modes, spelled out so the type is each mode (a mapped union would type as nothing). */
const TeamJudgeMode = Type.Union([Type.Literal('agreement'), Type.Literal('merge'), Type.Literal('critique'), Type.Literal('rank')]);

const ChosenModel = { engine: Type.String({ minLength: 1, maxLength: 64 }), model: Type.String({ minLength: 1, maxLength: 128 }) };

/** What reads the team's answers when they are in: a judge in one of its modes, or a council with its chairman. */
export const TeamJudge = Type.Union(
  [
    Type.Object({ kind: Type.Literal('judge'), mode: TeamJudgeMode, ...ChosenModel }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('council'), ...ChosenModel }, { additionalProperties: false, description: 'The model named is the chairman.' }),
  ],
  { description: 'The judge or council the team uses; null for none.' },
);

export const TeamBody = Type.Object(
  {
    name: TeamName,
    models: Type.Array(ComparedModel, {
      minItems: 1,
      maxItems: MAX_COMPARED_MODELS,
      description: `The team's models, 1 to ${MAX_COMPARED_MODELS}, each once, each with its own settings.`,
      ...fieldMessages({ required: 'Pick at least one model for the team', tooLong: `A team can have at most ${MAX_COMPARED_MODELS} models` }),
    }),
    judge: Type.Optional(Type.Union([TeamJudge, Type.Null()])),
  },
  { additionalProperties: false },
);

export const TeamParams = Type.Object({ id: Type.String({ maxLength: 64, description: 'The team id.' }) });

export const Team = Type.Object({
  id: Type.String(),
  name: Type.String(),
  models: Type.Array(ComparedModel),
  judge: Type.Union([TeamJudge, Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const TeamList = Type.Object({ teams: Type.Array(Team), limit: Type.Integer({ description: 'How many teams an account may keep.' }) });
export const DeletedTeam = Type.Object({ id: Type.String(), deleted: Type.Boolean() });

/**
 * The comparison body with a team instead of (never beside) a list of models: `teamId` asks the team's models with
 * their saved settings. Everything else is as in `CompareRequestBody`.
 */
export const TeamCompareRequestBody = Type.Object(
  {
    ...CompareRequestBody.properties,
    models: Type.Optional(CompareRequestBody.properties.models),
    teamId: Type.Optional(Type.String({ format: 'uuid', description: 'One of your saved teams: its models and their settings are asked. Leave out `models`.' })),
  },
  {
    additionalProperties: false,
    examples: [{ query: 'Which laptop is best for students?', teamId: '6f1c2a4e-8b1d-4c7a-9e3f-2a5b6c7d8e9f' }],
  },
);

export type TeamJudge = Type.Static<typeof TeamJudge>;
export type TeamBody = Type.Static<typeof TeamBody>;
export type Team = Type.Static<typeof Team>;
export type TeamList = Type.Static<typeof TeamList>;
export type TeamCompareRequestBody = Type.Static<typeof TeamCompareRequestBody>;
