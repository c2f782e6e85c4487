import * as Type from 'typebox/type';
import { ProportionEstimate } from './tracking-statistics.ts';

/**
 * A tracked set's retrieval figures, over the completed runs of a recent window: for the brand's own site and each
 * competitor's, in how many of the answers that searched the web the model retrieved one of its pages and in how many
 * it cited one, with Wilson intervals; the queries that found a competitor's pages but none of the brand's; and the
 * searches each prompt sets off most often.
 */

export const RETRIEVAL_LIMITS = { competitorOnlyQueries: 20, queriesPerPrompt: 5 } as const;

export const RetrievalSite = Type.Object({
  /** The brand's or competitor's name, as the set has it. */
  name: Type.String(),
  isBrand: Type.Boolean(),
  /** How the site was recognised: the brand's website domain, else the name as a host label (`acme` in `www.acme.com`). */
  matchedBy: Type.Union([Type.Literal('website'), Type.Literal('name')]),
  /** The hosts of its pages that the answers reached, most frequent first (at most 5). */
  hosts: Type.Array(Type.String()),
  /** Answers that retrieved at least one of its pages, of the answers that searched. */
  retrieved: ProportionEstimate,
  /** Answers whose text cites at least one of its pages, of the answers that searched. */
  cited: ProportionEstimate,
  /** Of the answers that retrieved one of its pages, those that went on to cite one. */
  citedWhenRetrieved: ProportionEstimate,
});

export const CompetitorOnlyQuery = Type.Object({
  query: Type.String(),
  prompt: Type.String(),
  /** The competitors whose pages this query's answers retrieved. */
  competitors: Type.Array(Type.String()),
  /** Answers that ran this query, retrieved a competitor's page and none of the brand's. */
  answers: Type.Integer({ minimum: 1 }),
});

export const PromptFanOut = Type.Object({
  prompt: Type.String(),
  /** Answers to this prompt that searched. */
  answers: Type.Integer({ minimum: 0 }),
  /** Queries run per answer, on average (null when no answer reported its queries). */
  queriesPerAnswer: Type.Union([Type.Number(), Type.Null()]),
  /** The queries run most often, each with the number of answers that ran it. */
  queries: Type.Array(Type.Object({ query: Type.String(), answers: Type.Integer({ minimum: 1 }) })),
});

export const TrackingRetrieval = Type.Object({
  days: Type.Integer(),
  /** Completed answers in the window that searched the web (those with a search trail): the figures' denominator. */
  searchedAnswers: Type.Integer({ minimum: 0 }),
  /** Of those, answers whose provider reports its queries (Perplexity does not). */
  answersWithQueries: Type.Integer({ minimum: 0 }),
  /** Sources whose redirect could not be followed, so their site is the provider's label (or unknown). */
  unresolvedSources: Type.Integer({ minimum: 0 }),
  sites: Type.Array(RetrievalSite),
  competitorOnlyQueries: Type.Array(CompetitorOnlyQuery),
  fanOut: Type.Array(PromptFanOut),
});
export const TrackingRetrievalData = Type.Object({ retrieval: TrackingRetrieval });

export type RetrievalSite = Type.Static<typeof RetrievalSite>;
export type CompetitorOnlyQuery = Type.Static<typeof CompetitorOnlyQuery>;
export type PromptFanOut = Type.Static<typeof PromptFanOut>;
export type TrackingRetrieval = Type.Static<typeof TrackingRetrieval>;
export type TrackingRetrievalData = Type.Static<typeof TrackingRetrievalData>;
