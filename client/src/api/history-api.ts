import { apiCall } from './http-client.ts';

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

/** Spec section 3's Request (history item). */
export interface HistoryRequest {
  id: string;
  query: string;
  /** The answer; for a comparison a JSON string `{ results: [...] }`. */
  response: string | null;
  status: string;
  errorMessage: string | null;
  /** `comparison` or `comparison_stream` marks a comparison. */
  engine: string;
  model: string;
  createdAt: string;
  completedAt: string | null;
  creditsUsed: number;
  searchEnabled: boolean;
  brandMonitoringEnabled: boolean;
  brandConfig: { brandName: string; websiteUrl?: string; keywords?: string[] } | null;
  results?: RunResult[];
}

export interface HistoryList {
  requests: HistoryRequest[];
  total: number;
}

export const DEFAULT_HISTORY_LIMIT = 20;

export const fetchHistory = (limit = DEFAULT_HISTORY_LIMIT, signal?: AbortSignal) =>
  apiCall<HistoryList>(`/api/user-requests?limit=${limit}`, signal ? { signal } : {});
