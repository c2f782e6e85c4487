import { defineEntity, p } from '@mikro-orm/core';
import { RECOMMENDATION_LEVELS, SENTIMENTS, type BrandAnalyser, type CompetitorMention, type SentimentEvidence } from '../../../contract/brand.ts';
import { ModelRun } from './model-run.ts';
import { SearchRequest } from './search-request.ts';
import { User } from './user.ts';

/**
 * How one answer talked about the brand its request monitored: stored with the answer, in the transaction that
 * completes the run, for every analysed answer (mentioned or not: analytics count the answers that missed it too).
 * The request and owner are repeated from the run so the per-user pages query one table.
 */
const StoredBrandMentionSchema = defineEntity({
  name: 'StoredBrandMention',
  tableName: 'brand_mentions',
  properties: {
    id: p.uuid().primary(),
    run: () => p.oneToOne(ModelRun).owner().deleteRule('cascade'),
    request: () => p.manyToOne(SearchRequest).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    brandName: p.string(),
    websiteUrl: p.string().nullable(),
    mentioned: p.boolean(),
    sentiment: p.enum(SENTIMENTS),
    confidence: p.float(),
    /** The text around the first match; null when not mentioned. */
    context: p.text().nullable(),
    /** The summary's passages (up to 3), the first being `context`. */
    contexts: p.json<string[]>(),
    keywordsFound: p.json<string[]>(),
    positions: p.json<number[]>(),
    competitors: p.json<CompetitorMention[]>(),
    shareOfVoice: p.float().nullable(),
    rank: p.smallint().nullable(),
    citedDomains: p.json<string[]>(),
    brandDomainCited: p.boolean(),
    /** The passage and cue words that decided `sentiment`; null when not mentioned or stored before it existed. */
    evidence: p.json<SentimentEvidence>().nullable(),
    /** Only a judge model sets these two. */
    recommendation: p.enum(RECOMMENDATION_LEVELS).nullable(),
    judgeReason: p.text().nullable(),
    /** Which analyser (and judge model) produced this row; null on rows stored before it was recorded. */
    analyser: p.json<BrandAnalyser>().nullable(),
    /** Set when a person corrected the verdict: `sentiment` is theirs, this the analyser's. */
    originalSentiment: p.enum(SENTIMENTS).nullable(),
    correctedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    correctedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class StoredBrandMention extends StoredBrandMentionSchema.class {}
StoredBrandMentionSchema.setClass(StoredBrandMention);
export { StoredBrandMentionSchema };
