import Type, { type Static } from 'typebox';
import { fieldMessages } from '../../schemas/validation-messages.ts';

export const QUERY_MAX_LENGTH = 500;
export const MAX_COMPARED_MODELS = 10;

const BrandConfig = Type.Object(
  {
    brandName: Type.String({ minLength: 1, maxLength: 100, ...fieldMessages({ required: 'Brand name is required', tooLong: 'Brand name must be at most 100 characters' }) }),
    websiteUrl: Type.Optional(Type.String({ maxLength: 500 })),
    keywords: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 5 })),
  },
  { additionalProperties: false },
);

const AiOverviewParams = Type.Object(
  { gl: Type.Optional(Type.String({ maxLength: 8 })), hl: Type.Optional(Type.String({ maxLength: 8 })) },
  { additionalProperties: false },
);

const Query = (required: string) =>
  Type.String({
    minLength: 1,
    maxLength: QUERY_MAX_LENGTH,
    pattern: '\\S',
    ...fieldMessages({ required, tooLong: `Your question is too long: the limit is ${QUERY_MAX_LENGTH} characters`, invalid: required }),
  });

const CommonOptions = {
  searchEnabled: Type.Optional(Type.Boolean()),
  aiOverviewParams: Type.Optional(Type.Union([AiOverviewParams, Type.Null()])),
  brandMonitoringEnabled: Type.Optional(Type.Boolean()),
  brandConfig: Type.Optional(Type.Union([BrandConfig, Type.Null()])),
};

/** The spec's search request (section 3). */
export const SearchRequestBody = Type.Object(
  {
    query: Query('Please enter a question'),
    model: Type.String({ minLength: 1, maxLength: 64, ...fieldMessages({ required: 'Please select an AI model', invalid: 'Please select an AI model' }) }),
    specificModel: Type.String({
      minLength: 1,
      maxLength: 128,
      ...fieldMessages({ required: 'Please select a specific model', invalid: 'Please select a specific model' }),
    }),
    ...CommonOptions,
  },
  { additionalProperties: false },
);

const SelectAtLeastOne = 'Please select at least one model to compare';

/** The spec's compare request (section 3): several engine/model pairs. */
export const CompareRequestBody = Type.Object(
  {
    query: Query('Please enter a query'),
    models: Type.Array(
      Type.Object({ engine: Type.String({ minLength: 1, maxLength: 64 }), model: Type.String({ minLength: 1, maxLength: 128 }) }),
      {
        minItems: 1,
        maxItems: MAX_COMPARED_MODELS,
        ...fieldMessages({ required: SelectAtLeastOne, invalid: SelectAtLeastOne, tooLong: `You can compare at most ${MAX_COMPARED_MODELS} models at once` }),
      },
    ),
    ...CommonOptions,
  },
  { additionalProperties: false },
);

export type SearchRequestBody = Static<typeof SearchRequestBody>;
export type CompareRequestBody = Static<typeof CompareRequestBody>;
