import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { CHAT_REQUEST_KINDS, SearchRequest, type RequestKind } from '../database/index.ts';
import type { AiOverviewParams, BrandConfig } from '../../contract/ask.ts';
import type { HistoryItem, HistoryVersion } from '../../contract/history.ts';
import type { ContinueMode } from '../../contract/continuation.ts';
import { findBrandMentions } from '../brand/index.ts';
import { attachmentsOfRequests } from '../attachments/index.ts';
import type { AttachmentInfo } from '../../contract/attachments.ts';
import { runResult } from './request-results.ts';
import { historyStatus, modelVersions, type ModelVersions } from './request-versions.ts';

/** One request of a history page, with its runs' results in the order the models were picked. */
export interface HistoryRow {
  id: string;
  kind: RequestKind;
  streamed: boolean;
  query: string;
  /** A single question's engine and model; null for a comparison (its runs name theirs). */
  engine: string | null;
  model: string | null;
  /** As the person would put it: `stopped` when every model was stopped, `completed` once any version answered. */
  status: HistoryItem['status'];
  errorMessage: string | null;
  searchEnabled: boolean;
  brandMonitoringEnabled: boolean;
  brandConfig: BrandConfig | null;
  aiOverviewParams: AiOverviewParams | null;
  createdAt: Date;
  completedAt: Date | null;
  /** Each model's standing answer, with every version it gave (regenerated ones included). */
  results: ModelVersions[];
  followUpOf: string | null;
  continueMode: ContinueMode;
  carryFrom: string | null;
  versionOf: string | null;
  /** The files the question was asked with, in order (never their bytes). */
  attachments?: AttachmentInfo[];
}

export interface HistoryPage {
  /** How many requests the user has in all (matching the search, when there is one). */
  total: number;
  rows: HistoryRow[];
}

export interface HistoryPageOptions {
  limit: number;
  /** How many of the newest to skip. */
  offset?: number;
  /** Only questions containing this text, any case. */
  search?: string;
}

/** `%`, `_` and `\` match themselves in a search, not any text. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * A user's newest requests with their runs: the page and its runs come from the database already ordered (newest
 * request first, each request's runs by position). A regenerated answer is asked as a request of its own
 * (`retry_of`), but it is a version inside the request it regenerates, never an entry of the history: the page
 * leaves those out and reads them, for the whole page in one query, as versions of their request's models.
 */
export async function loadRequestHistory(em: EntityManager, userId: string, options: HistoryPageOptions): Promise<HistoryPage> {
  const search = options.search?.trim();
  // Arena rounds and tracking runs' questions are not chat: each is seen on its own page (arena, tracking).
  const where: FilterQuery<SearchRequest> = {
    user: userId,
    retryOf: null,
    kind: { $in: [...CHAT_REQUEST_KINDS] },
    ...(search ? { query: { $ilike: likePattern(search) } } : {}),
  };
  return historyRows(em, where, { user: userId }, options);
}

/**
 * One chat request as the history shows it, for the person who owns it (a guest's too): what the page opens when
 * someone picks another version of a question. Undefined for a regenerated answer or a request that is not chat.
 */
export async function loadHistoryRow(em: EntityManager, request: SearchRequest): Promise<HistoryRow | undefined> {
  const owner: HistoryOwner = request.user ? { user: request.user.id } : { guestSessionId: request.guestSessionId ?? null };
  const where: FilterQuery<SearchRequest> = { ...owner, id: request.id, retryOf: null, kind: { $in: [...CHAT_REQUEST_KINDS] } };
  return (await historyRows(em, where, owner, { limit: 1 })).rows[0];
}

/**
 * The named chat requests of a signed-in person as the history shows them, each with its versions (its regenerated
 * answers), newest first: the turns of a page of conversations.
 */
export async function loadHistoryRowsById(em: EntityManager, userId: string, ids: readonly string[]): Promise<HistoryRow[]> {
  if (ids.length === 0) return [];
  const where: FilterQuery<SearchRequest> = { user: userId, id: { $in: [...ids] }, retryOf: null, kind: { $in: [...CHAT_REQUEST_KINDS] } };
  return (await historyRows(em, where, { user: userId }, { limit: ids.length })).rows;
}

/** Whose requests: a signed-in person's, or a guest session's. */
type HistoryOwner = { user: string } | { guestSessionId: string | null };

async function historyRows(em: EntityManager, where: FilterQuery<SearchRequest>, owner: HistoryOwner, options: HistoryPageOptions): Promise<HistoryPage> {
  const [requests, total] = await em.findAndCount(SearchRequest, where, {
    populate: ['runs'],
    orderBy: { createdAt: 'desc', id: 'desc' },
    populateOrderBy: { runs: { position: 'asc' } },
    limit: options.limit,
    offset: options.offset ?? 0,
  });
  const regenerated =
    requests.length === 0
      ? []
      : await em.find(
          SearchRequest,
          { retryOf: { $in: requests.map((request) => request.id) }, ...owner },
          { populate: ['runs'], orderBy: { createdAt: 'asc', id: 'asc' } },
        );
  // The whole page's brand analyses, regenerated answers' included, in one query.
  const runIds = [...requests, ...regenerated].flatMap((request) => request.runs.getItems().map((run) => run.id));
  const brandMentions = await findBrandMentions(em, runIds);
  const files = await attachmentsOfRequests(em, requests.map((request) => request.id));
  // The history also says how each answer was asked: the model's own settings.
  const resultOf = (run: Parameters<typeof runResult>[0]): HistoryVersion => ({ ...runResult(run, brandMentions.get(run.id) ?? null), settings: run.settings ?? null });

  return {
    total,
    rows: requests.map((request) => {
      const retries = regenerated.filter((retry) => retry.retryOf === request.id);
      const results = modelVersions(
        request.runs.getItems().map(resultOf),
        retries.flatMap((retry) => retry.runs.getItems().map(resultOf)),
      );
      const pending = request.status === 'pending' || retries.some((retry) => retry.status === 'pending');
      const status = historyStatus(request.status, pending, results);
      return {
        id: request.id,
        kind: request.kind,
        streamed: request.streamed,
        query: request.query,
        engine: request.engine ?? null,
        model: request.model ?? null,
        status,
        errorMessage: status === 'error' ? (request.errorMessage ?? null) : null,
        searchEnabled: request.searchEnabled,
        brandMonitoringEnabled: request.brandMonitoringEnabled,
        brandConfig: request.brandConfig ?? null,
        aiOverviewParams: request.aiOverviewParams ?? null,
        createdAt: request.createdAt,
        completedAt: request.completedAt ?? null,
        results,
        followUpOf: request.followUpOf ?? null,
        continueMode: request.continueMode,
        carryFrom: request.carryFrom ?? null,
        versionOf: request.versionOf ?? null,
        attachments: files.get(request.id) ?? [],
      };
    }),
  };
}
