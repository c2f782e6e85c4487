import { HISTORY_DEFAULT_LIMIT } from '../../../contract/limits.ts';
import { apiCall } from './http-client.ts';

export type RequestKind = 'single' | 'comparison';

/** One model's outcome inside a request, as the server stores it. */
export interface RunResult {
  engine: string;
  model: string;
  success: boolean;
  response: string | null;
  error: string | null;
  creditsUsed: number;
  timeToFirstTokenMs?: number | null;
  durationMs?: number | null;
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
  brandConfig: { brandName: string; websiteUrl?: string; keywords?: string[] } | null;
  /** Each model's outcome, in the order they were asked. */
  results?: RunResult[];
  /** The earlier request this one follows up in a conversation; null (or missing) for a first question. */
  followUpOf?: string | null;
}

export interface HistoryList {
  requests: HistoryRequest[];
  total: number;
}

export const fetchHistory = (limit = HISTORY_DEFAULT_LIMIT, signal?: AbortSignal) =>
  apiCall<HistoryList>(`/api/user-requests?limit=${limit}`, signal ? { signal } : {});
