/**
 * The one place that says "the signed-in session is over" (it expired, or the person signed out in another tab).
 * Whatever learns it first announces it; the auth state listens and signs the whole page out at once, so the top
 * bar, the credit count, the sidebar and the live connection never disagree about who is here.
 */

/** The user the announcement is about, when the announcer knows it; a bare 401 does not. */
type SessionExpiredListener = (userId: string | null) => void;

const listeners = new Set<SessionExpiredListener>();

export function onSessionExpired(listener: SessionExpiredListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceSessionExpired(userId: string | null = null): void {
  for (const listener of [...listeners]) listener(userId);
}
