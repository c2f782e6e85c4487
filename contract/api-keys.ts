import * as Type from 'typebox/type';
import { fieldMessages } from './field-messages.ts';
import { API_KEY_LIMITS } from './limits.ts';

/**
 * Developer API keys (`/api/api-keys`): a signed-in person makes keys for their programs, sees what each has spent,
 * and revokes them. The key itself is shown once, in the answer that creates it; Quorum keeps only its hash.
 */

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: API_KEY_LIMITS.name,
      pattern: '\\S',
      description: `What the key is for, at most ${API_KEY_LIMITS.name} characters.`,
      ...fieldMessages({ required: 'Give the key a name', invalid: 'Give the key a name', tooLong: `A key's name is at most ${API_KEY_LIMITS.name} characters` }),
    }),
    monthlyCreditCap: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: API_KEY_LIMITS.monthlyCreditCapMax }), Type.Null()], {
        description: 'Most credits the key may spend per calendar month (UTC); no cap when absent.',
      }),
    ),
    requestsPerMinute: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: API_KEY_LIMITS.requestsPerMinuteMax }), Type.Null()], {
        description: `Most calls per minute; ${API_KEY_LIMITS.defaultRequestsPerMinute} when absent.`,
      }),
    ),
  },
  { additionalProperties: false, examples: [{ name: 'CI pipeline', monthlyCreditCap: 500 }] },
);

export const ApiKeyUsage = Type.Object(
  {
    requests: Type.Integer({ minimum: 0, description: 'Questions asked with the key, ever.' }),
    creditsThisMonth: Type.Integer({ minimum: 0, description: 'Credits charged or on hold this calendar month (UTC).' }),
    creditsTotal: Type.Integer({ minimum: 0, description: 'Credits charged, ever.' }),
  },
  { description: 'What the key has spent.' },
);

export const ApiKeySummary = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the key, to recognise it; the rest is never shown again.' }),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  monthlyCreditCap: Type.Union([Type.Integer(), Type.Null()]),
  requestsPerMinute: Type.Integer({ description: 'The rate limit in force for the key.' }),
  usage: ApiKeyUsage,
});

export const CreatedApiKey = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  key: Type.String({ description: 'The whole key. Shown only here: store it now.' }),
  prefix: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  monthlyCreditCap: Type.Union([Type.Integer(), Type.Null()]),
  requestsPerMinute: Type.Integer(),
});

export const ApiKeyList = Type.Object({ keys: Type.Array(ApiKeySummary) });
export const RevokedApiKey = Type.Object({ id: Type.String({ format: 'uuid' }), revokedAt: Type.String({ format: 'date-time' }) });
export const ApiKeyParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export type CreateApiKeyBody = Type.Static<typeof CreateApiKeyBody>;
export type ApiKeyUsage = Type.Static<typeof ApiKeyUsage>;
export type ApiKeySummary = Type.Static<typeof ApiKeySummary>;
export type CreatedApiKey = Type.Static<typeof CreatedApiKey>;
export type ApiKeyList = Type.Static<typeof ApiKeyList>;
export type RevokedApiKey = Type.Static<typeof RevokedApiKey>;
