import * as Type from 'typebox/type';
import { CarryFrom, ContinueMode } from './continuation.ts';
import { ColumnSettings } from './column-settings.ts';
import { BrandFactSheet } from './brand-facts.ts';
import { AttachmentIds } from './attachments.ts';
import { fieldMessages } from './field-messages.ts';
import { BRAND_LIMITS, MAX_COMPARED_MODELS, QUERY_MAX_LENGTH } from './limits.ts';

/** What a person asks: one model (a search) or several (a comparison), with the options both share. */

export const BrandConfig = Type.Object(
  {
    brandName: Type.String({
      minLength: 1,
      maxLength: BRAND_LIMITS.name,
      ...fieldMessages({ required: 'Brand name is required', tooLong: `Brand name must be at most ${BRAND_LIMITS.name} characters` }),
    }),
    websiteUrl: Type.Optional(Type.String({ maxLength: BRAND_LIMITS.website })),
    keywords: Type.Optional(Type.Array(Type.String({ maxLength: BRAND_LIMITS.keyword }), { maxItems: BRAND_LIMITS.keywords })),
    competitors: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: BRAND_LIMITS.name }), {
        maxItems: BRAND_LIMITS.competitors,
        description: 'Other brands to compare with: mentions, rank and share of voice.',
      }),
    ),
    facts: Type.Optional(BrandFactSheet),
  },
  { additionalProperties: false, description: 'The brand to look for in the answers.' },
);

export const AiOverviewParams = Type.Object(
  {
    gl: Type.Optional(Type.String({ maxLength: 8, description: 'Country, e.g. `us`.' })),
    hl: Type.Optional(Type.String({ maxLength: 8, description: 'Language, e.g. `en`.' })),
  },
  { additionalProperties: false, description: 'Where and in which language Google is asked (the ai-overview engine).' },
);

const Query = (required: string) =>
  Type.String({
    minLength: 1,
    maxLength: QUERY_MAX_LENGTH,
    pattern: '\\S',
    description: `The question, at most ${QUERY_MAX_LENGTH} characters.`,
    ...fieldMessages({ required, tooLong: `Your question is too long: the limit is ${QUERY_MAX_LENGTH} characters`, invalid: required }),
  });

const CommonOptions = {
  searchEnabled: Type.Optional(Type.Boolean({ description: 'Let the model search the web (models that support it; registered users).' })),
  aiOverviewParams: Type.Optional(Type.Union([AiOverviewParams, Type.Null()])),
  brandMonitoringEnabled: Type.Optional(Type.Boolean({ description: 'Check every answer for the brand (registered users).' })),
  brandConfig: Type.Optional(Type.Union([BrandConfig, Type.Null()])),
  followUpOf: Type.Optional(
    Type.String({
      format: 'uuid',
      description:
        'Ask a follow-up: the id of your finished request this question continues. Each model is given its own earlier questions and answers in that thread; the models must be among those asked before.',
    }),
  ),
  attachmentIds: Type.Optional(AttachmentIds),
  continueMode: Type.Optional(ContinueMode),
  carryFrom: Type.Optional(CarryFrom),
  versionOf: Type.Optional(
    Type.String({
      format: 'uuid',
      description:
        'Edit and resend: the id of your earlier question this one replaces. It becomes a new version of that turn, continuing the same earlier turns (and in the same continue mode); the old version and the turns after it stay readable.',
    }),
  ),
  retryOf: Type.Optional(
    Type.String({
      format: 'uuid',
      description: 'Ask one model of your earlier request again (retry or regenerate): its new answer replaces that model’s answer in the conversation.',
    }),
  ),
};

export const SearchRequestBody = Type.Object(
  {
    query: Query('Please enter a question'),
    model: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The engine id, e.g. `openai`.',
      ...fieldMessages({ required: 'Please select an AI model', invalid: 'Please select an AI model' }),
    }),
    specificModel: Type.String({
      minLength: 1,
      maxLength: 128,
      description: 'The model id within the engine, e.g. `gpt-4o-mini`.',
      ...fieldMessages({ required: 'Please select a specific model', invalid: 'Please select a specific model' }),
    }),
    settings: Type.Optional(ColumnSettings),
    ...CommonOptions,
  },
  { additionalProperties: false, examples: [{ query: 'What is a vector database?', model: 'openai', specificModel: 'gpt-4o-mini' }] },
);

export const ModelPair = Type.Object(
  {
    engine: Type.String({ minLength: 1, maxLength: 64 }),
    model: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);

/** One model of a comparison, with its own column's settings. */
export const ComparedModel = Type.Object({ ...ModelPair.properties, settings: Type.Optional(ColumnSettings) }, { additionalProperties: false });

const SelectAtLeastOne = 'Please select at least one model to compare';

export const CompareRequestBody = Type.Object(
  {
    query: Query('Please enter a query'),
    models: Type.Array(ComparedModel, {
      minItems: 1,
      maxItems: MAX_COMPARED_MODELS,
      description: `The models to ask, 1 to ${MAX_COMPARED_MODELS}, each once.`,
      ...fieldMessages({
        required: SelectAtLeastOne,
        invalid: SelectAtLeastOne,
        tooLong: `You can compare at most ${MAX_COMPARED_MODELS} models at once`,
      }),
    }),
    ...CommonOptions,
  },
  {
    additionalProperties: false,
    examples: [
      {
        query: 'Which laptop is best for students?',
        models: [
          { engine: 'openai', model: 'gpt-4o-mini' },
          { engine: 'anthropic', model: 'claude-3-haiku-20240307', settings: { systemPrompt: 'Answer in two sentences.', temperature: 0.2 } },
        ],
      },
    ],
  },
);

export type BrandConfig = Type.Static<typeof BrandConfig>;
export type AiOverviewParams = Type.Static<typeof AiOverviewParams>;
export type ModelPair = Type.Static<typeof ModelPair>;
export type ComparedModel = Type.Static<typeof ComparedModel>;
export type SearchRequestBody = Type.Static<typeof SearchRequestBody>;
export type CompareRequestBody = Type.Static<typeof CompareRequestBody>;

/**
 * A request's kind: one model, several side by side, a blind arena round (several, unnamed until the vote), or a
 * tracked prompt asked by a tracking run. The chat history lists the first two only. The wire strings some calls
 * need are made from it at the edge.
 */
export const REQUEST_KINDS = ['single', 'comparison', 'arena', 'tracking'] as const;
export const RequestKind = Type.Union([Type.Literal('single'), Type.Literal('comparison'), Type.Literal('arena'), Type.Literal('tracking')]);
export type RequestKind = Type.Static<typeof RequestKind>;
/** The kinds a person asks from a page (and streams, follows and resumes there): every kind but a tracking run's. */
export type AskKind = Exclude<RequestKind, 'tracking'>;
