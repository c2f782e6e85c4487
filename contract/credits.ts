import * as Type from 'typebox/type';

export const Tier = Type.Union([Type.Literal('free'), Type.Literal('registered'), Type.Literal('subscribed')]);
export type Tier = Type.Static<typeof Tier>;

/** Credits per model (engine → model → credits) and the surcharges of the extras. */
export const PriceList = Type.Object({
  models: Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer({ minimum: 0 }))),
  features: Type.Object({
    webSearch: Type.Integer({ minimum: 0, description: 'Added per model when web search is on.' }),
    streaming: Type.Integer({ minimum: 0 }),
    brandMonitoring: Type.Integer({ minimum: 0 }),
  }),
});

/** `GET /api/credits`: what the asker can still spend and the price list. */
export const CreditsData = Type.Object({
  user: Type.Object({
    id: Type.Union([Type.String(), Type.Null()], { description: 'Null for a guest.' }),
    tier: Tier,
    creditsRemaining: Type.Integer({ description: 'Balance less what running answers hold.' }),
    creditsHeld: Type.Integer({ minimum: 0 }),
    freeCreditsUsedBefore: Type.Boolean({
      description: 'True when this visitor’s free credits were already given to an earlier account (an email address registered again after deletion, or the same network for guests), so none came now.',
    }),
  }),
  pricing: PriceList,
});

export type PriceList = Type.Static<typeof PriceList>;
export type CreditsData = Type.Static<typeof CreditsData>;
