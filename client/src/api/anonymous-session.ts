import { storageKeys } from '../storage/local-storage.ts';
import { announceSessionExpired } from './session-expiry.ts';

/**
 * The anonymous session id: the server hands one out in the `x-session-id` header, the
 * browser keeps it in localStorage and sends it back on every call, and a 401 clears it.
 */
export const ANONYMOUS_SESSION_HEADER = 'x-session-id';
export const ANONYMOUS_SESSION_STORAGE_KEY = storageKeys.anonymousSessionId;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): KeyValueStore | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be switched off (privacy settings); the app works without it, just without continuity.
    return undefined;
  }
}

/** Adds the stored id to a request's headers. */
export function withAnonymousSession(headers: HeadersInit | undefined, storage = browserStorage()): Headers {
  const merged = new Headers(headers);
  const id = storage?.getItem(ANONYMOUS_SESSION_STORAGE_KEY);
  if (id) merged.set(ANONYMOUS_SESSION_HEADER, id);
  return merged;
}

/** Keeps the id a response carries; forgets it when the server says the session is gone. */
export function rememberAnonymousSession(response: Pick<Response, 'status' | 'headers'>, storage = browserStorage()): void {
  if (!storage) return;
  if (response.status === 401) {
    storage.removeItem(ANONYMOUS_SESSION_STORAGE_KEY);
    return;
  }
  const id = response.headers.get(ANONYMOUS_SESSION_HEADER);
  if (id) storage.setItem(ANONYMOUS_SESSION_STORAGE_KEY, id);
}

/**
 * `fetch` for every call to Quorum's API (JSON calls and answer streams alike): carries the anonymous session id
 * both ways, and announces a 401, so whichever call first meets an ended session signs the page out.
 */
export async function quorumFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(input, { ...init, headers: withAnonymousSession(init.headers) });
  rememberAnonymousSession(response);
  // Auth actions answer 401 for a wrong password too; the auth state ignores it, as nobody is signed in then.
  if (response.status === 401) announceSessionExpired();
  return response;
}
