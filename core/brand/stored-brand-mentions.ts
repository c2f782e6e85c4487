import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { BrandConfig } from '../../contract/ask.ts';
import type { BrandMention, Sentiment, VerdictCorrection } from '../../contract/brand.ts';
import { StoredBrandMention } from '../database/index.ts';

/**
 * The brand analyses as Postgres keeps them: written with the answer they belong to, read back in the contract's
 * shape by whatever reports a stored answer (the run's end event, results, history). The only part of
 * `core/brand/` that touches the database; the analysis itself is pure.
 */

/** What the worker found about the brand in one answer, and the config it looked with. */
export interface BrandAnalysisOfRun {
  config: BrandConfig;
  analysis: BrandMention;
}

export interface RunOwnership {
  runId: string;
  requestId: string;
  userId: string;
}

/** Inserts the analysis of a run; call it inside the transaction that completes the run. */
export async function storeBrandMention(transaction: EntityManager, owner: RunOwnership, { config, analysis }: BrandAnalysisOfRun): Promise<void> {
  await transaction.insert(StoredBrandMention, {
    id: randomUUID(),
    run: owner.runId,
    request: owner.requestId,
    user: owner.userId,
    brandName: analysis.brandName,
    websiteUrl: config.websiteUrl?.trim() || null,
    mentioned: analysis.mentioned,
    sentiment: analysis.sentiment,
    confidence: analysis.confidence,
    context: analysis.context,
    contexts: analysis.summary.contexts,
    keywordsFound: analysis.keywordsFound,
    positions: analysis.positions,
    competitors: analysis.competitors,
    shareOfVoice: analysis.shareOfVoice,
    rank: analysis.rank,
    citedDomains: analysis.citedDomains,
    brandDomainCited: analysis.brandDomainCited,
    ...verdictColumns(analysis),
    createdAt: new Date(),
  });
}

/** The columns that say why and by whom the verdict was reached; also what a re-analysis rewrites. */
export function verdictColumns(analysis: BrandMention) {
  return {
    evidence: analysis.evidence ?? null,
    recommendation: analysis.recommendation ?? null,
    judgeReason: analysis.judgeReason ?? null,
    analyser: analysis.analyser ?? null,
  };
}

/** A stored analysis in the contract's shape; the summary is rebuilt from the columns it repeats. */
export function brandMentionFromStored(stored: StoredBrandMention): BrandMention {
  return {
    mentioned: stored.mentioned,
    brandName: stored.brandName,
    confidence: stored.confidence,
    sentiment: stored.sentiment,
    context: stored.context ?? null,
    keywordsFound: stored.keywordsFound,
    positions: stored.positions,
    summary: { totalMentions: stored.positions.length, mentionedTerms: stored.keywordsFound, contexts: stored.contexts },
    competitors: stored.competitors,
    rank: stored.rank ?? null,
    shareOfVoice: stored.shareOfVoice ?? null,
    citedDomains: stored.citedDomains,
    brandDomainCited: stored.brandDomainCited,
    // Absent rather than null on rows stored before they existed, as the contract describes older results.
    ...(stored.analyser ? { evidence: stored.evidence ?? null } : {}),
    ...(stored.recommendation ? { recommendation: stored.recommendation } : {}),
    ...(stored.judgeReason ? { judgeReason: stored.judgeReason } : {}),
    ...(stored.analyser ? { analyser: stored.analyser } : {}),
    ...correctionOf(stored.originalSentiment, stored.correctedAt?.toISOString(), stored.correctedBy?.id ?? null),
  };
}

/** The stored analyses of these runs, by run id; a run without one (monitoring off, or it failed) is absent. */
export async function findBrandMentions(em: EntityManager, runIds: readonly string[]): Promise<Map<string, BrandMention>> {
  if (runIds.length === 0) return new Map();
  const stored = await em.find(StoredBrandMention, { run: { $in: [...runIds] } });
  return new Map(stored.map((row) => [row.run.id, brandMentionFromStored(row)]));
}

/** The stored analysis of one run; null when it has none. */
export async function findBrandMention(em: EntityManager, runId: string): Promise<BrandMention | null> {
  const stored = await em.findOne(StoredBrandMention, { run: runId });
  return stored ? brandMentionFromStored(stored) : null;
}

/** A person's correction as the contract gives it (`{}` when the verdict was not corrected), from its three columns. */
export function correctionOf(originalSentiment: Sentiment | null | undefined, correctedAt: string | null | undefined, correctedBy: string | null): { correction?: VerdictCorrection } {
  return originalSentiment && correctedAt ? { correction: { originalSentiment, correctedAt, correctedBy } } : {};
}
