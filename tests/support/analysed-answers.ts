import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BrandMention, Sentiment } from '../../contract/brand.ts';
import { StoredBrandMention } from '../../core/database/entities/brand-mention.ts';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';

/**
 * Analysed answers written straight to the database (a request, its one answered run and the stored analysis),
 * for tests of the Brand Mentions calls that need dates, models and tones they pick rather than what the simulator
 * happens to say.
 */

export interface AnalysedAnswer {
  brandName: string;
  mentioned?: boolean;
  sentiment?: Sentiment;
  confidence?: number;
  daysAgo?: number;
  engine?: string;
  model?: string;
  positions?: number[];
  competitors?: BrandMention['competitors'];
  citedDomains?: string[];
  /** The question (default `About <brand>`) and the context quoted around the mention. */
  query?: string;
  context?: string;
  /** The request had web search on. */
  searchEnabled?: boolean;
  /** The answer's text (default "answer"), for tests that analyse it again. */
  answerText?: string;
}

/** A request with one answered run and its stored analysis, written directly (for numbers and dates a test picks). */
export async function storeAnalysedAnswer(em: EntityManager, userId: string, answer: AnalysedAnswer): Promise<string> {
  const createdAt = new Date(Date.now() - (answer.daysAgo ?? 0) * 86_400_000);
  const mentioned = answer.mentioned ?? true;
  const engine = answer.engine ?? 'openai';
  const model = answer.model ?? 'gpt-4o-mini';
  const request = em.create(SearchRequest, {
    id: randomUUID(),
    query: answer.query ?? `About ${answer.brandName}`,
    searchEnabled: answer.searchEnabled ?? false,
    engine,
    model,
    user: userId,
    status: 'completed',
    brandMonitoringEnabled: true,
    brandConfig: { brandName: answer.brandName },
    createdAt,
  });
  const run = em.create(ModelRun, { id: randomUUID(), request, engine, model, status: 'completed', answerText: answer.answerText ?? 'answer', createdAt });
  em.create(StoredBrandMention, {
    id: randomUUID(),
    run,
    request,
    user: userId,
    brandName: answer.brandName,
    websiteUrl: null,
    mentioned,
    sentiment: answer.sentiment ?? 'neutral',
    confidence: mentioned ? (answer.confidence ?? 0.5) : 0,
    context: mentioned ? (answer.context ?? `… ${answer.brandName} …`) : null,
    contexts: [],
    keywordsFound: mentioned ? [answer.brandName] : [],
    positions: answer.positions ?? (mentioned ? [2] : []),
    competitors: answer.competitors ?? [],
    shareOfVoice: null,
    rank: mentioned ? 1 : null,
    citedDomains: answer.citedDomains ?? [],
    brandDomainCited: false,
    createdAt,
  });
  await em.flush();
  return request.id;
}
