import * as Type from 'typebox/type';
import { ModelCapabilities } from './column-settings.ts';

export const CatalogueModel = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  webSearchSupported: Type.Boolean(),
  credits: Type.Integer({ minimum: 0 }),
  freeTier: Type.Boolean({ description: 'Guests may use it. Only budget models (below 6 credits) are ever open to guests.' }),
  capabilities: ModelCapabilities,
  contextTokens: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'The longest conversation the model is asked, in estimated input tokens (its context window). Longer ones are refused; beyond the tokens a price includes, each block costs extra (see the pricing page).',
    }),
  ),
});

export const CatalogueEngine = Type.Object({
  name: Type.String(),
  aliases: Type.Array(Type.String()),
  available: Type.Boolean({ description: 'False when this server has no key for the provider.' }),
  unavailableReason: Type.Union([Type.String(), Type.Null()]),
  models: Type.Array(CatalogueModel),
});

/** `GET /api/models`: the engines keyed by id, each with its models and prices. */
export const CatalogueData = Type.Object({
  models: Type.Record(Type.String(), CatalogueEngine),
  features: Type.Object({
    webSearch: Type.Integer({ minimum: 0 }),
    brandJudgeModel: Type.Optional(
      Type.String({ description: 'The judge model (engine/model) the operator set to check brand verdicts; included in brand monitoring at no charge. Absent when none.' }),
    ),
  }),
});

export type CatalogueModel = Type.Static<typeof CatalogueModel>;
export type CatalogueEngine = Type.Static<typeof CatalogueEngine>;
export type CatalogueData = Type.Static<typeof CatalogueData>;
