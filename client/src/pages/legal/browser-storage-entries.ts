import { storageKeys } from '../../storage/local-storage.ts';

/** The name of the session cookie the server sets; the page cannot read it (HttpOnly). */
export const SESSION_COOKIE = 'quorum_session';

/** Per-user keys end in the account id; the policy shows where it goes. */
export const ACCOUNT_ID_PLACEHOLDER = '<account id>';

export interface BrowserStorageEntry {
  key: string;
  /** Local storage outlives the tab; session storage goes when the tab closes. */
  where: 'local' | 'session';
  purpose: string;
}

/**
 * Every key of `storageKeys`, named from the storage module so the cookie policy stays true. Its test fails when a
 * key is added to the module but not here.
 */
export const BROWSER_STORAGE: readonly BrowserStorageEntry[] = [
  { key: storageKeys.user, where: 'local', purpose: 'Your name, email and tier, so a reload shows your own menu before the server has answered.' },
  { key: storageKeys.session, where: 'local', purpose: 'When your session expires (not the session itself).' },
  { key: storageKeys.anonymousSessionId, where: 'local', purpose: 'A random id that lets a guest follow their own answers.' },
  { key: storageKeys.cookieConsent, where: 'local', purpose: 'Your answer to the analytics question: pending, accepted or rejected.' },
  { key: storageKeys.brandConfig(ACCOUNT_ID_PLACEHOLDER), where: 'local', purpose: 'Your brand monitoring settings (brand, website, keywords, competitors).' },
  { key: storageKeys.brandMonitoring(ACCOUNT_ID_PLACEHOLDER), where: 'local', purpose: 'Whether brand monitoring is switched on.' },
  { key: storageKeys.showFigures, where: 'local', purpose: 'Whether answers show their figures (timings, tokens, speed), if you turned them off.' },
  { key: storageKeys.comparisonLayout, where: 'local', purpose: 'Columns or tabs: how a comparison lays out its answers, once you chose.' },
  { key: storageKeys.colorScheme, where: 'local', purpose: 'Light or dark, once you chose a theme with the top bar’s button.' },
  { key: storageKeys.accountDeletedHere, where: 'local', purpose: 'That an account was deleted in this browser, so it is not offered free credits again.' },
  { key: storageKeys.activeRequest, where: 'session', purpose: 'The request this tab is showing, so a reload picks it up.' },
  { key: storageKeys.arenaRound, where: 'session', purpose: 'The arena round this tab has not voted on yet, so a reload keeps the vote.' },
];
