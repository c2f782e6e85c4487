import { readStored, removeStored, storageKeys, writeStored } from '../storage/local-storage.ts';

/**
 * The request this tab is watching, kept in sessionStorage (per tab, survives a reload) so a reload during an
 * answer or a comparison picks the stream up again over the live connection instead of losing it.
 */
export interface ActiveRequest {
  requestId: string;
  mode: 'single' | 'comparison';
  query: string;
  /** What was asked, so the view can show the same columns or badge before the first frame arrives. */
  models: { engine: string; model: string }[];
  startedAt: string;
}

/** After this long a stored request is not worth resuming (the answer has long been stored and shown elsewhere). */
const RESUME_WINDOW_MS = 15 * 60_000;

export function rememberActiveRequest(request: ActiveRequest): void {
  writeStored(storageKeys.activeRequest, request, 'session');
}

export function forgetActiveRequest(requestId?: string): void {
  if (requestId !== undefined && readStored<ActiveRequest>(storageKeys.activeRequest, 'session')?.requestId !== requestId) return;
  removeStored(storageKeys.activeRequest, 'session');
}

/** The request to resume for `mode`, if one was running when the page went away. */
export function activeRequestToResume(mode: ActiveRequest['mode'], now = Date.now()): ActiveRequest | null {
  const stored = readStored<ActiveRequest>(storageKeys.activeRequest, 'session');
  if (!stored || stored.mode !== mode || typeof stored.requestId !== 'string') return null;
  if (now - Date.parse(stored.startedAt) > RESUME_WINDOW_MS) {
    removeStored(storageKeys.activeRequest, 'session');
    return null;
  }
  return stored;
}
