/**
 * Every key Quorum keeps in the browser, under one product prefix so they never collide with
 * another app on the same origin and are easy to find and clear. The cookie policy lists each one
 * (`pages/legal/browser-storage-entries.ts`); its test fails if a key is added here but not there,
 * or made up anywhere else.
 */
export const STORAGE_PREFIX = 'quorum.';

export const storageKeys = {
  /** The signed-in user, so a reload paints the right chrome before the session check returns. */
  user: `${STORAGE_PREFIX}user`,
  /** The session's expiry (the token itself lives in an httpOnly cookie the page cannot read). */
  session: `${STORAGE_PREFIX}session`,
  /** Sent in the `x-session-id` header; see `api/anonymous-session.ts`. */
  anonymousSessionId: `${STORAGE_PREFIX}anonymousSessionId`,
  /** `pending`, `accepted` or `rejected`: whether analytics may run (see `components/cookie-consent/`). */
  cookieConsent: `${STORAGE_PREFIX}cookieConsent`,
  brandConfig: (userId: string) => `${STORAGE_PREFIX}brandConfig.${userId}`,
  brandMonitoring: (userId: string) => `${STORAGE_PREFIX}brandMonitoring.${userId}`,
  /** `false` when the person hid answers' figures (timings, tokens, speed and the comparison's economics line). */
  showFigures: `${STORAGE_PREFIX}showFigures`,
  /** `columns` or `tabs` once the person chose how a comparison's answers are laid out; absent, it is chosen for them. */
  comparisonLayout: `${STORAGE_PREFIX}comparisonLayout`,
  /** `true` once an account was deleted in this browser: it is not offered the free credits its address had. */
  accountDeletedHere: `${STORAGE_PREFIX}accountDeletedHere`,
  /** The request this tab is watching, so a reload picks it up again (kept per tab, in sessionStorage). */
  activeRequest: `${STORAGE_PREFIX}activeRequest`,
  /** The arena round this tab has not voted on yet (kept per tab, in sessionStorage). */
  arenaRound: `${STORAGE_PREFIX}arenaRound`,
  /** `light`, `dark` or `auto`: the theme the person chose with the top bar's toggle (Mantine reads and writes it). */
  colorScheme: `${STORAGE_PREFIX}colorScheme`,
} as const;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function store(kind: 'local' | 'session'): KeyValueStore | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    // Storage can be switched off (privacy settings): the app still works, it only forgets across reloads.
    return undefined;
  }
}

/** Reads a JSON value; anything missing, unreadable or not parseable is `undefined`. */
export function readStored<T>(key: string, kind: 'local' | 'session' = 'local'): T | undefined {
  const text = store(kind)?.getItem(key);
  if (text == null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown, kind: 'local' | 'session' = 'local'): void {
  try {
    store(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or forbidden: losing a convenience is better than failing the action that wanted to save it.
  }
}

export function removeStored(key: string, kind: 'local' | 'session' = 'local'): void {
  store(kind)?.removeItem(key);
}
