import type { EntityManager } from '@mikro-orm/postgresql';
import { SearchRequest, type RequestKind, type SearchRequestStatus } from '../../core/database/entities/search-request.ts';
import type { BrandConfig } from '../../contract/ask.ts';
import { findBrandMentions } from '../../core/brand/stored-brand-mentions.ts';
import { runResult, type RunResult } from './request-results.ts';

/** One request of a history page, with its runs' results in the order the models were picked. */
export interface HistoryRow {
  id: string;
  kind: RequestKind;
  streamed: boolean;
  query: string;
  /** A single question's engine and model; null for a comparison (its runs name theirs). */
  engine: string | null;
  model: string | null;
  status: SearchRequestStatus;
  errorMessage: string | null;
  searchEnabled: boolean;
  brandMonitoringEnabled: boolean;
  brandConfig: BrandConfig | null;
  createdAt: Date;
  completedAt: Date | null;
  results: RunResult[];
  followUpOf: string | null;
}

export interface HistoryPage {
  /** How many requests the user has in all. */
  total: number;
  rows: HistoryRow[];
}

/**
 * A user's newest requests with their runs: the page and its runs come from the database already ordered (newest
 * request first, each request's runs by position), so nothing is joined or sorted here.
 */
export async function loadRequestHistory(em: EntityManager, userId: string, limit: number): Promise<HistoryPage> {
  const [requests, total] = await em.findAndCount(
    SearchRequest,
    { user: userId },
    { populate: ['runs'], orderBy: { createdAt: 'desc', id: 'desc' }, populateOrderBy: { runs: { position: 'asc' } }, limit },
  );
  // The whole page's brand analyses in one query.
  const brandMentions = await findBrandMentions(em, requests.flatMap((request) => request.runs.getItems().map((run) => run.id)));
  return {
    total,
    rows: requests.map((request) => ({
      id: request.id,
      kind: request.kind,
      streamed: request.streamed,
      query: request.query,
      engine: request.engine ?? null,
      model: request.model ?? null,
      status: request.status,
      errorMessage: request.errorMessage ?? null,
      searchEnabled: request.searchEnabled,
      brandMonitoringEnabled: request.brandMonitoringEnabled,
      brandConfig: request.brandConfig ?? null,
      createdAt: request.createdAt,
      completedAt: request.completedAt ?? null,
      results: request.runs.getItems().map((run) => runResult(run, brandMentions.get(run.id) ?? null)),
      followUpOf: request.followUpOf ?? null,
    })),
  };
}
