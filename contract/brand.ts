import * as Type from 'typebox/type';
import { BRAND_LIMITS } from './limits.ts';
import { FactCheck } from './brand-facts.ts';

/**
 * Brand monitoring: how an answer talks about a brand (found with the brand config a person sets), the mentions
 * stored from those answers, and the analytics over them. The config itself is part of a request (`ask.ts`).
 */

export const SENTIMENTS = ['positive', 'negative', 'neutral'] as const;
export const Sentiment = Type.Union([Type.Literal('positive'), Type.Literal('negative'), Type.Literal('neutral')]);

/**
 * Where an answer came from: a plain model (`model`), a model searching the web (`web-search`), or Google's AI
 * Overview (`ai-overview`). Readings from different surfaces are filtered and counted apart, never mixed.
 */
export const SURFACES = ['model', 'web-search', 'ai-overview'] as const;
export const Surface = Type.Union([Type.Literal('model'), Type.Literal('web-search'), Type.Literal('ai-overview')]);

/** Why a verdict was reached: the passage that decided it and the words in it that tipped it. */
export const SentimentEvidence = Type.Object({
  /** The sentence, clause, list item or table row that decided the verdict, as written in the answer. */
  sentence: Type.String(),
  /** The words (or emoji) that tipped it, as written; empty when nothing did (neutral). */
  cues: Type.Array(Type.String()),
});

/** How an answer places a brand, as only a judge model can tell (the local analyser does not set it). */
export const RECOMMENDATION_LEVELS = ['recommended', 'mentioned', 'compared_unfavourably', 'not_mentioned'] as const;
// Spelled out: a mapped array loses the literal types, and the static type would be never.
export const RecommendationLevel = Type.Union([
  Type.Literal('recommended'),
  Type.Literal('mentioned'),
  Type.Literal('compared_unfavourably'),
  Type.Literal('not_mentioned'),
]);

/** Which analyser produced a result, so results stay comparable when it changes. */
export const BrandAnalyser = Type.Object({
  /** `local`: the built-in targeted analyser; `judge`: a judge model's verdict, validated. */
  kind: Type.Union([Type.Literal('local'), Type.Literal('judge')]),
  /** The local analyser's version (also set for a judge verdict: mention finding stays local). */
  version: Type.String(),
  /** The judge model as `engine/model`; only for `judge`. */
  model: Type.Optional(Type.String()),
  /**
   * For a judge verdict: what the local analyser said of the brand on the same answer, so the two can be compared on
   * real traffic. Absent on verdicts stored before it was recorded.
   */
  localSentiment: Type.Optional(Sentiment),
});

/** A person's correction of a verdict: `sentiment` is then theirs; the analyser's stays here. */
export const VerdictCorrection = Type.Object({
  /** The verdict the analyser (or judge) reached, before the person corrected it. */
  originalSentiment: Sentiment,
  correctedAt: Type.String({ format: 'date-time' }),
  /** The account that corrected it (the answer's owner); null once that account is gone. */
  correctedBy: Type.Union([Type.String(), Type.Null()]),
});

/** Who made the verdict shown: the local analyser, a judge model, or a person. */
export const VerdictSource = Type.Union([Type.Literal('local'), Type.Literal('judge'), Type.Literal('person')]);

export const CorrectVerdictBody = Type.Object(
  { sentiment: Sentiment },
  { additionalProperties: false, description: 'The verdict the answer really gives the brand. The analyser\'s own verdict restores it.' },
);
export const CorrectVerdictParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'The mention, as listed by /brand-config/mentions.' }) });

export const CompetitorMention = Type.Object({
  name: Type.String(),
  mentioned: Type.Boolean(),
  mentions: Type.Integer({ minimum: 0 }),
  /** Character offset of its first mention; null when not mentioned. */
  firstPosition: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** How the answer speaks of this competitor (neutral when not mentioned). Absent on results stored before it existed. */
  sentiment: Type.Optional(Sentiment),
  evidence: Type.Optional(Type.Union([SentimentEvidence, Type.Null()])),
  recommendation: Type.Optional(RecommendationLevel),
});

/** What one answer says about the brand: the analysis that travels with the model's result and is stored with it. */
export const BrandMention = Type.Object(
  {
    mentioned: Type.Boolean(),
    brandName: Type.String(),
    /** 0.3 + 0.2 per match (at most 0.9), + 0.1 when company-like words appear; at most 1. 0 when not mentioned. */
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    sentiment: Sentiment,
    /** The text around the first match (100 characters either side); null when not mentioned. */
    context: Type.Union([Type.String(), Type.Null()]),
    /** The brand name, keywords and website domain as found in the answer. */
    keywordsFound: Type.Array(Type.String()),
    /** Character offsets of every match. */
    positions: Type.Array(Type.Integer({ minimum: 0 })),
    summary: Type.Object({
      totalMentions: Type.Integer({ minimum: 0 }),
      mentionedTerms: Type.Array(Type.String()),
      /** Up to 3 passages around the matches. */
      contexts: Type.Array(Type.String(), { maxItems: 3 }),
    }),
    competitors: Type.Array(CompetitorMention, { maxItems: BRAND_LIMITS.competitors }),
    /** Where the brand's first mention stands among all brands named (1 = first); null when not mentioned. */
    rank: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    /** The brand's mentions over all brands' mentions in this answer, 0 to 1; null when no brand is named. */
    shareOfVoice: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
    /** Domains the answer cites (its web sources and links), most cited first. */
    citedDomains: Type.Array(Type.String()),
    brandDomainCited: Type.Boolean(),
    /** The passage and words that decided `sentiment`; null when not mentioned. Absent on older results. */
    evidence: Type.Optional(Type.Union([SentimentEvidence, Type.Null()])),
    /** Set only by a judge model. */
    recommendation: Type.Optional(RecommendationLevel),
    /** The judge's reason, quoting the answer; only with a judge verdict. */
    judgeReason: Type.Optional(Type.String()),
    analyser: Type.Optional(BrandAnalyser),
    /** Present when a person corrected the verdict (`sentiment` is then theirs). */
    correction: Type.Optional(VerdictCorrection),
  },
  { description: 'How one answer talks about the brand.' },
);

/** A stored mention, for the Brand Mentions page. */
export const MentionRecord = Type.Object({
  id: Type.String(),
  brandName: Type.String(),
  sentiment: Sentiment,
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  context: Type.Union([Type.String(), Type.Null()]),
  keywordsFound: Type.Array(Type.String()),
  positions: Type.Array(Type.Integer({ minimum: 0 })),
  evidence: Type.Optional(Type.Union([SentimentEvidence, Type.Null()])),
  recommendation: Type.Optional(RecommendationLevel),
  /** The judge's reason, quoting the answer; only with a judge verdict. */
  judgeReason: Type.Optional(Type.String()),
  analyser: Type.Optional(BrandAnalyser),
  /** Who made the verdict shown (`person` when corrected). */
  verdictBy: VerdictSource,
  /** Present when a person corrected the verdict. */
  correction: Type.Optional(VerdictCorrection),
  /** The competitors as that answer spoke of them (each with its sentiment and evidence where analysed). */
  competitors: Type.Optional(Type.Array(CompetitorMention)),
  createdAt: Type.String({ format: 'date-time' }),
  /** Where the answer came from: a plain model, a model with web search, or Google's AI Overview. */
  surface: Surface,
  /** The question and the model that answered it. */
  request: Type.Object({ id: Type.String(), query: Type.String(), engine: Type.String(), model: Type.String() }),
  /** The answer read against the brand's fact sheet by the judge model; null when it was not checked. Always sent. */
  factCheck: Type.Optional(Type.Union([FactCheck, Type.Null()])),
});

/** The most mentions one page holds, and the longest window, in days. */
export const MENTIONS_MAX_PAGE_SIZE = 100;
export const MENTIONS_MAX_DAYS = 365;

/** The filters the mentions list and its CSV share. Every filter is exact; all of them together narrow the list. */
export const MentionsFilterQuery = Type.Object({
  brandName: Type.Optional(Type.String({ maxLength: BRAND_LIMITS.name, description: 'Only this brand, as written in its config (case matters).' })),
  model: Type.Optional(Type.String({ maxLength: 200, description: 'Only answers by this model id (e.g. `gpt-4o-mini`).' })),
  sentiment: Type.Optional(Sentiment),
  surface: Type.Optional(Surface),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Only mentions whose context, question or found keywords contain this text, any case.' })),
  days: Type.Optional(Type.String({ pattern: '^\\d{1,3}$', description: `How far back, in days, 1 to ${MENTIONS_MAX_DAYS}; default 30.` })),
});

export const MentionsQuery = Type.Object({
  ...MentionsFilterQuery.properties,
  page: Type.Optional(Type.String({ pattern: '^\\d{1,6}$', description: 'Which page, from 1; default 1.' })),
  pageSize: Type.Optional(Type.String({ pattern: '^\\d{1,3}$', description: `Mentions per page, 1 to ${MENTIONS_MAX_PAGE_SIZE}; default 10.` })),
  limit: Type.Optional(Type.String({ pattern: '^\\d{1,3}$', description: 'The same as `pageSize` (the older name).' })),
});

export const MentionsData = Type.Object({
  mentions: Type.Array(MentionRecord),
  /** How many mentions match the filters in all, over every page. */
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});

export const BrandTrend = Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('flat'), Type.Literal('neutral')]);

/** One brand's numbers over every answer analysed for it, and the series the dashboard draws. */
export const BrandAnalytics = Type.Object({
  brandName: Type.String(),
  websiteUrl: Type.Union([Type.String(), Type.Null()]),
  /** Model answers analysed for this brand. */
  totalRequests: Type.Integer({ minimum: 0 }),
  totalMentions: Type.Integer({ minimum: 0 }),
  positiveMentions: Type.Integer({ minimum: 0 }),
  negativeMentions: Type.Integer({ minimum: 0 }),
  neutralMentions: Type.Integer({ minimum: 0 }),
  avgConfidence: Type.Number({ minimum: 0, maximum: 1 }),
  firstRequestAt: Type.String({ format: 'date-time' }),
  lastRequestAt: Type.String({ format: 'date-time' }),
  /** totalMentions / totalRequests as a percentage with 1 decimal. */
  mentionRate: Type.Number({ minimum: 0, maximum: 100 }),
  /** up: more positive than negative mentions; down: the reverse; flat: even; neutral: no mentions. */
  trend: BrandTrend,
  /**
   * Which way the positive and negative mentions lean, with the 95% Wilson interval of the positive share among
   * them (null bounds without any): the dashboard says "leans positive" only when the interval lies above a half.
   */
  lean: Type.Object({
    positive: Type.Integer({ minimum: 0 }),
    polar: Type.Integer({ minimum: 0 }),
    low: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
    high: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  }),
  /**
   * Where a judge model read the answers: how often the local analyser's verdict agreed with it, with a 95% Wilson
   * interval (null rate and bounds until a judged answer exists). A live measure of the local analyser.
   */
  judgeAgreement: Type.Object({
    judged: Type.Integer({ minimum: 0 }),
    agreed: Type.Integer({ minimum: 0 }),
    rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
    low: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
    high: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  }),
  /** Verdicts people corrected, of the answers that mentioned the brand (rate 0 to 1; null with no mention). */
  corrections: Type.Object({ corrected: Type.Integer({ minimum: 0 }), rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]) }),
  series: Type.Object({
    daily: Type.Array(Type.Object({ date: Type.String(), answers: Type.Integer(), mentions: Type.Integer() })),
    byModel: Type.Array(Type.Object({ engine: Type.String(), model: Type.String(), answers: Type.Integer(), mentions: Type.Integer() })),
    shareOfVoice: Type.Array(Type.Object({ name: Type.String(), mentions: Type.Integer() })),
    citedDomains: Type.Array(Type.Object({ domain: Type.String(), count: Type.Integer() })),
  }),
});

export const RecentBrand = Type.Object({
  brandName: Type.String(),
  websiteUrl: Type.Union([Type.String(), Type.Null()]),
  keywords: Type.Array(Type.String()),
  competitors: Type.Array(Type.String()),
  lastUsedAt: Type.String({ format: 'date-time' }),
});

export const RecentBrandsQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^\\d{1,3}$', description: 'How many, 1 to 100; default 10.' })),
});

export const RecentBrandsData = Type.Object({ recentBrands: Type.Array(RecentBrand) });
export const AnalyticsData = Type.Object({ analytics: Type.Array(BrandAnalytics), recentBrands: Type.Array(RecentBrand) });

export type Sentiment = Type.Static<typeof Sentiment>;
export type Surface = Type.Static<typeof Surface>;
export type MentionsFilterQuery = Type.Static<typeof MentionsFilterQuery>;
export type CompetitorMention = Type.Static<typeof CompetitorMention>;
export type SentimentEvidence = Type.Static<typeof SentimentEvidence>;
export type RecommendationLevel = Type.Static<typeof RecommendationLevel>;
export type BrandAnalyser = Type.Static<typeof BrandAnalyser>;
export type BrandMention = Type.Static<typeof BrandMention>;
export type MentionRecord = Type.Static<typeof MentionRecord>;
export type BrandTrend = Type.Static<typeof BrandTrend>;
export type BrandAnalytics = Type.Static<typeof BrandAnalytics>;
export type VerdictCorrection = Type.Static<typeof VerdictCorrection>;
export type VerdictSource = Type.Static<typeof VerdictSource>;
export type RecentBrand = Type.Static<typeof RecentBrand>;
export type MentionsData = Type.Static<typeof MentionsData>;
export type AnalyticsData = Type.Static<typeof AnalyticsData>;
export type RecentBrandsData = Type.Static<typeof RecentBrandsData>;
