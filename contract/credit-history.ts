import * as Type from 'typebox/type';

/**
 * A signed-in person's history of credits (`GET /api/credits/history`), newest first, and the demo button's grant
 * (`POST /api/credits/demo`). Every entry is one row of the ledger: the welcome credits, a card purchase, an answer's
 * charge, a refund or reversal, an adjustment, or credits added by the operator (with their reason) or by the demo
 * button.
 */

/** History pages: the default and the most one call returns. */
export const CREDIT_HISTORY_DEFAULT_LIMIT = 20;
export const CREDIT_HISTORY_MAX_LIMIT = 100;

export const CreditHistoryQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.String({ pattern: '^\\d{1,3}$', description: `How many entries to return: 1 to ${CREDIT_HISTORY_MAX_LIMIT}, default ${CREDIT_HISTORY_DEFAULT_LIMIT}.` }),
    ),
    before: Type.Optional(Type.String({ format: 'uuid', description: 'The id of the last entry of the previous page: the entries older than it.' })),
  },
  { additionalProperties: false },
);

export const CreditHistoryEntry = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: Type.Union(
    [
      Type.Literal('grant'),
      Type.Literal('purchase'),
      Type.Literal('charge'),
      Type.Literal('refund'),
      Type.Literal('reversal'),
      Type.Literal('adjustment'),
      Type.Literal('operator_grant'),
    ],
    {
      description:
        '`grant` the one-time welcome credits, `purchase` bought by card, `charge` an answer, `refund`, `reversal` a refunded or disputed payment, `adjustment`, `operator_grant` added by the operator or by the demo button.',
    },
  ),
  credits: Type.Integer({ description: 'Added (positive) or spent (negative).' }),
  createdAt: Type.String({ format: 'date-time' }),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why the operator added the credits; null for other kinds.' }),
  demo: Type.Boolean({ description: 'True for credits added with the demo button.' }),
  model: Type.Union([Type.Object({ engine: Type.String(), model: Type.String() }), Type.Null()], {
    description: 'The model that answered, for a charge whose request still exists; null otherwise.',
  }),
});

export const CreditHistory = Type.Object({
  entries: Type.Array(CreditHistoryEntry),
  hasMore: Type.Boolean({ description: 'Older entries follow: ask again with `before` set to the last id.' }),
});

export const DemoCreditsAdded = Type.Object({
  creditsAdded: Type.Integer({ minimum: 1 }),
  creditsRemaining: Type.Integer({ description: 'What the account can spend now, the new credits included.' }),
});

export type CreditHistoryEntry = Type.Static<typeof CreditHistoryEntry>;
export type CreditEntryKind = CreditHistoryEntry['kind'];
export type CreditHistory = Type.Static<typeof CreditHistory>;
export type DemoCreditsAdded = Type.Static<typeof DemoCreditsAdded>;
