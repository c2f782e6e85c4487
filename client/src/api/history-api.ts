import { HISTORY_DEFAULT_LIMIT } from '../../../contract/limits.ts';
import type { BrandMention } from '../../../contract/brand.ts';
import { apiCall } from './http-client.ts';

export type RequestKind = 'single' | 'comparison';

/** One model's outcome inside a request, as the server stores it. */
export interface RunResult {
  runId?: string;
  engine: string;
  model: string;
  success: boolean;
  response: string | null;
  error: string | null;
  /** Why it did not answer, for programs (`CANCELLED`: the person stopped it, which is not a failure). */
  errorCode?: string | null;
  creditsUsed: number;
  timeToFirstTokenMs?: number | null;
  durationMs?: number | null;
  /** How the answer spoke of the monitored brand; null when monitoring was off or the model did not answer. */
  brandMention?: BrandMention | null;
  /** Every answer this model gave in the request, oldest first, when it was regenerated (this one among them). */
  versions?: RunResult[];
}

/** A past request as the history lists it. */
export interface HistoryRequest {
  id: string;
  /** One model or several; missing from servers that predate it (they mark a comparison by its `engine`). */
  kind?: RequestKind;
  query: string;
  /** The answer; for a comparison a JSON string `{ results: [...] }` (`results` says the same, already parsed). */
  response: string | null;
  status: string;
  errorMessage: string | null;
  /** The engine asked; for a comparison a pseudo-engine (`comparison`, `comparison_stream`). */
  engine: string;
  model: string;
  createdAt: string;
  completedAt: string | null;
  creditsUsed: number;
  searchEnabled: boolean;
  brandMonitoringEnabled: boolean;
  brandConfig: { brandName: string; websiteUrl?: string; keywords?: string[]; competitors?: string[] } | null;
  /** The AI Overview country and language it was asked with; null or missing when none was asked. */
  aiOverviewParams?: { gl: string; hl: string } | null;
  /** Each model's outcome, in the order they were asked. */
  results?: RunResult[];
  /** The earlier request this one follows up in a conversation; null (or missing) for a first question. */
  followUpOf?: string | null;
}

export interface HistoryList {
  requests: HistoryRequest[];
  total: number;
}

export interface HistoryPageQuery {
  limit?: number;
  /** How many of the newest to skip: the next page starts where the last ended. */
  offset?: number;
  /** Only questions containing this text. */
  search?: string;
}

/** `GET /api/user-requests`: a page of the history, newest first. */
export function fetchHistory({ limit = HISTORY_DEFAULT_LIMIT, offset = 0, search = '' }: HistoryPageQuery = {}, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (offset > 0) params.set('offset', String(offset));
  if (search.trim() !== '') params.set('search', search.trim());
  return apiCall<HistoryList>(`/api/user-requests?${params}`, signal ? { signal } : {});
}

/** `DELETE /api/user-requests/:id`: removes a request (with its regenerated versions) from the history. */
export const deleteHistoryRequest = (id: string) =>
  apiCall<{ id: string; message: string }>(`/api/user-requests/${encodeURIComponent(id)}`, { method: 'DELETE' });
