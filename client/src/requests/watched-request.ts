import type { ArenaRequestBody } from '../../../contract/arena.ts';
import type { CompareRequestBody, ModelPair, AskKind, SearchRequestBody } from '../../../contract/ask.ts';
import { readStored, removeStored, storageKeys, writeStored } from '../storage/local-storage.ts';

/**
 * The request this tab is watching, kept in sessionStorage (per tab, survives a reload) so a reload during an
 * answer or a comparison picks the stream up again over the live connection instead of losing it.
 */
export interface WatchedRequest {
  requestId: string;
  kind: AskKind;
  query: string;
  /** What was asked, so the view can show the same columns before the first frame arrives. */
  models: ModelPair[];
  /** The body as sent, so a column retried after a reload keeps its web-search and brand settings. */
  body: SearchRequestBody | CompareRequestBody | ArenaRequestBody;
  /** When it was asked, or when its latest regeneration was. */
  startedAt: string;
  /**
   * The answers regenerated in this request since it was asked on this page, oldest first, each with the column it
   * is a version in (`columnKey`): a reload follows each again after the request, so a regeneration still streaming
   * is picked up where it is and the finished ones are back as versions.
   */
  regenerations?: WatchedRegeneration[];
}

export interface WatchedRegeneration {
  column: string;
  requestId: string;
}

/** After this long a stored request is not worth resuming (the answer has long been stored and shown elsewhere). */
const RESUME_WINDOW_MS = 15 * 60_000;

export function rememberWatchedRequest(request: WatchedRequest): void {
  writeStored(storageKeys.activeRequest, request, 'session');
}

/** Forgets the watched request; with an id, only if it is still that one (a newer request may have replaced it). */
export function forgetWatchedRequest(requestId?: string): void {
  if (requestId !== undefined && readStored<WatchedRequest>(storageKeys.activeRequest, 'session')?.requestId !== requestId) return;
  removeStored(storageKeys.activeRequest, 'session');
}

/** The request of `kind` to resume, if one was running when the page went away. */
export function watchedRequestToResume(kind: AskKind, now = Date.now()): WatchedRequest | null {
  const stored = readStored<WatchedRequest>(storageKeys.activeRequest, 'session');
  if (!stored || stored.kind !== kind || typeof stored.requestId !== 'string' || !Array.isArray(stored.models)) return null;
  if (now - Date.parse(stored.startedAt) > RESUME_WINDOW_MS) {
    removeStored(storageKeys.activeRequest, 'session');
    return null;
  }
  return stored;
}
