import type { StopRequestBody, StopResult } from '../../../contract/answers.ts';
import { apiCall } from '../api/http-client.ts';

/**
 * Stops runs of a request: the named ones, or (with no ids) every run still answering. A stopped run ends with a
 * `CANCELLED` failure on its stream and is never charged.
 */
export function stopRuns(requestId: string, runIds: readonly string[] | null): Promise<StopResult> {
  const body: StopRequestBody = runIds ? { runIds: [...runIds] } : null;
  return apiCall<StopResult>(`/api/requests/${encodeURIComponent(requestId)}/cancel`, { method: 'POST', ...(body ? { body } : {}) });
}
