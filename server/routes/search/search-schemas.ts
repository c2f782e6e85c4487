import Type, { type Static } from 'typebox';
import { fieldMessages } from '../../schemas/validation-messages.ts';

export const QUERY_MAX_LENGTH = 500;

const BrandConfig = Type.Object(
  {
    brandName: Type.String({ maxLength: 100 }),
    websiteUrl: Type.Optional(Type.String({ maxLength: 500 })),
    keywords: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 5 })),
  },
  { additionalProperties: false },
);

const AiOverviewParams = Type.Object(
  { gl: Type.Optional(Type.String({ maxLength: 8 })), hl: Type.Optional(Type.String({ maxLength: 8 })) },
  { additionalProperties: false },
);

/** The spec's search request (section 3). Brand monitoring and AI Overview fields are accepted for later issues. */
export const SearchRequestBody = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: QUERY_MAX_LENGTH,
      pattern: '\\S',
      ...fieldMessages({
        required: 'Please enter a question',
        tooLong: `Your question is too long: the limit is ${QUERY_MAX_LENGTH} characters`,
        invalid: 'Please enter a question',
      }),
    }),
    model: Type.String({
      minLength: 1,
      maxLength: 64,
      ...fieldMessages({ required: 'Please select an AI model', invalid: 'Please select an AI model' }),
    }),
    specificModel: Type.String({
      minLength: 1,
      maxLength: 128,
      ...fieldMessages({ required: 'Please select a specific model', invalid: 'Please select a specific model' }),
    }),
    searchEnabled: Type.Optional(Type.Boolean()),
    aiOverviewParams: Type.Optional(Type.Union([AiOverviewParams, Type.Null()])),
    brandMonitoringEnabled: Type.Optional(Type.Boolean()),
    brandConfig: Type.Optional(Type.Union([BrandConfig, Type.Null()])),
  },
  { additionalProperties: false },
);

export type SearchRequestBody = Static<typeof SearchRequestBody>;
