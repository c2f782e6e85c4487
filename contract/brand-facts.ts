import * as Type from 'typebox/type';
import { fieldMessages } from './field-messages.ts';

/**
 * A brand's fact sheet and the fact-checks made against it. The sheet is part of the brand config (`ask.ts`), so it
 * travels with a tracked set and with a monitored question alike; when a judge model is configured, every answer that
 * names the brand is read against it, statement by statement.
 */

export const FACT_SHEET_LIMITS = { facts: 50, claim: 300, sourceUrl: 500 } as const;

export const BrandFact = Type.Object(
  {
    claim: Type.String({
      minLength: 1,
      maxLength: FACT_SHEET_LIMITS.claim,
      pattern: '\\S',
      description: 'One short claim the company stands behind, e.g. "Founded in 2012 in Lyon".',
      ...fieldMessages({ required: 'Each fact needs its claim', tooLong: `A fact's claim must be at most ${FACT_SHEET_LIMITS.claim} characters` }),
    }),
    sourceUrl: Type.Optional(
      Type.String({
        maxLength: FACT_SHEET_LIMITS.sourceUrl,
        pattern: '^https?://[^\\s/?#]+[^\\s]*$',
        description: 'Where the claim can be checked (http or https).',
        ...fieldMessages({
          tooLong: `A fact's source address must be at most ${FACT_SHEET_LIMITS.sourceUrl} characters`,
          invalid: "A fact's source must be a web address starting with http:// or https://",
        }),
      }),
    ),
  },
  { additionalProperties: false },
);

export const BrandFactSheet = Type.Array(BrandFact, {
  maxItems: FACT_SHEET_LIMITS.facts,
  description: `Up to ${FACT_SHEET_LIMITS.facts} facts the brand stands behind; each answer naming the brand is checked against them when a judge model is configured.`,
  ...fieldMessages({ tooLong: `A fact sheet holds at most ${FACT_SHEET_LIMITS.facts} facts` }),
});

export type BrandFact = Type.Static<typeof BrandFact>;

export const FACT_VERDICTS = ['contradicted', 'supported', 'unchecked'] as const;
export type FactVerdict = (typeof FACT_VERDICTS)[number];
export const FactVerdict = Type.Union([Type.Literal('contradicted'), Type.Literal('supported'), Type.Literal('unchecked')]);

/** One statement an answer makes about the brand, as the judge read it against the sheet. */
export const FactStatement = Type.Object({
  verdict: FactVerdict,
  /** The answer's own words, checked to appear in it word for word (whitespace aside). */
  quote: Type.String(),
  /** The sheet's claim the statement contradicts or is supported by; null for `unchecked` (the sheet says nothing). */
  fact: Type.Union([Type.String(), Type.Null()]),
});

/** An answer's fact-check: who checked it, when, and every statement kept (misquoted ones are dropped). */
export const FactCheck = Type.Object(
  {
    judgeModel: Type.String({ description: 'The judge as `engine/model`.' }),
    checkedAt: Type.String({ format: 'date-time' }),
    statements: Type.Array(FactStatement),
    /** Statements the judge made that were left out: their quote is not in the answer word for word, or their fact is not on the sheet. */
    droppedStatements: Type.Integer({ minimum: 0 }),
  },
  { description: "The answer read against the brand's fact sheet by the judge model; null when it was not checked." },
);
export type FactCheck = Type.Static<typeof FactCheck>;
export type FactStatement = Type.Static<typeof FactStatement>;

const ShareWithInterval = {
  /** Answers checked (answers naming the brand that the judge read against the sheet). */
  checked: Type.Integer({ minimum: 0 }),
  /** Of those, answers with at least one contradicted statement. */
  contradicted: Type.Integer({ minimum: 0 }),
  /** contradicted / checked; null with nothing checked. */
  share: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  /** Wilson 95% interval of the share. */
  low: Type.Number({ minimum: 0, maximum: 1 }),
  high: Type.Number({ minimum: 0, maximum: 1 }),
};

export const FactCheckPoint = Type.Object({ runId: Type.String(), startedAt: Type.String(), ...ShareWithInterval });

export const FactCheckDashboard = Type.Object({
  /** The judge that checks answers now; null when none is configured (nothing new is checked). */
  judgeModel: Type.Union([Type.String(), Type.Null()]),
  /** Claims on the set's sheet now. */
  facts: Type.Integer({ minimum: 0 }),
  overall: Type.Object(ShareWithInterval),
  byModel: Type.Array(Type.Object({ engine: Type.String(), model: Type.String(), ...ShareWithInterval, points: Type.Array(FactCheckPoint) })),
  overTime: Type.Array(FactCheckPoint),
  /** Contradicted facts, most often first. */
  contradictedFacts: Type.Array(Type.Object({ fact: Type.String(), answers: Type.Integer({ minimum: 1 }), models: Type.Array(Type.String()) })),
  /** The latest contradictions with the answer's words (at most 50). */
  quotes: Type.Array(
    Type.Object({ resultId: Type.String(), startedAt: Type.String(), engine: Type.String(), model: Type.String(), prompt: Type.String(), fact: Type.String(), quote: Type.String() }),
  ),
  /** The latest run against the 7 days before it, when contradictions rose significantly (the visibility alerts' rules). */
  alert: Type.Union([
    Type.Object({
      baseline: Type.Object(ShareWithInterval),
      current: Type.Object(ShareWithInterval),
      p: Type.Number({ minimum: 0, maximum: 1 }),
    }),
    Type.Null(),
  ]),
});
export type FactCheckDashboard = Type.Static<typeof FactCheckDashboard>;
export const FactCheckDashboardData = Type.Object({ factChecks: FactCheckDashboard });
export type FactCheckDashboardData = Type.Static<typeof FactCheckDashboardData>;
