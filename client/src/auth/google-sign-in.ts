/**
 * Google Identity Services (GSI) in the page: loads Google's script on demand, waits for its API, and turns what
 * can go wrong into the product's texts. No React here; the button component drives it.
 */

/** Google's sign-in library. Loaded only when the server offers Google sign-in (it then also allows it in the CSP). */
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/** Spec sections 7 and 9: give the script 10 seconds to load and set itself up. */
export const GOOGLE_SCRIPT_WAIT_MS = 10_000;

export const GOOGLE_SIGN_IN_TEXTS = {
  failedToLoad: 'Google Sign-In failed to load',
  failedToInitialize: 'Failed to initialize Google Sign-In',
  noCredential: 'No credential received from Google',
  unavailable: 'Google Sign-In unavailable. Please try again later.',
  loginFailed: 'Google login failed',
} as const;

/** What GSI hands the callback: `credential` is the ID token the server verifies. */
export interface GoogleCredentialResponse {
  credential?: string;
  select_by?: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  /** Pixels, 200 to 400. */
  width?: number;
}

/** The part of `google.accounts.id` Quorum uses. */
export interface GoogleIdApi {
  initialize(config: { client_id: string; callback: (response: GoogleCredentialResponse) => void; ux_mode?: 'popup' | 'redirect' }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
}

/** A failure whose message is already the text to show. */
export class GoogleSignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoogleSignInError';
  }
}

/** `google.accounts.id` from a window-like object, once the script has defined it (and only if it looks usable). */
export function readGoogleIdApi(scope: unknown): GoogleIdApi | null {
  const id = (scope as { google?: { accounts?: { id?: unknown } } } | null | undefined)?.google?.accounts?.id as
    | Partial<GoogleIdApi>
    | undefined;
  if (!id || typeof id.initialize !== 'function' || typeof id.renderButton !== 'function') return null;
  return id as GoogleIdApi;
}

/** The ID token from GSI's callback argument, or the product's "No credential received from Google". */
export function credentialFrom(response: unknown): string {
  const credential = (response as GoogleCredentialResponse | null | undefined)?.credential;
  if (typeof credential !== 'string' || credential === '') throw new GoogleSignInError(GOOGLE_SIGN_IN_TEXTS.noCredential);
  return credential;
}

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Stops waiting early (the rejection is then the signal's reason). */
  signal?: AbortSignal;
}

/**
 * Polls `probe` until it returns something, for at most `timeoutMs`; then rejects with "failed to load". Polling
 * rather than the script's load event: the script can be loaded and still not have defined its API yet.
 */
export function waitForValue<T>(probe: () => T | null, { timeoutMs, intervalMs = 100, signal }: WaitOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const startedAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      reject(signal?.reason);
    };
    const check = () => {
      const value = probe();
      if (value !== null) {
        stop();
        resolve(value);
      } else if (Date.now() - startedAt >= timeoutMs) {
        stop();
        reject(new GoogleSignInError(GOOGLE_SIGN_IN_TEXTS.failedToLoad));
      } else {
        timer = setTimeout(check, intervalMs);
      }
    };
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    check();
  });
}

let scriptElement: HTMLScriptElement | null = null;

/** Adds Google's script to the page once; later callers share it. A script that failed is replaced on the next try. */
function injectScript(url: string): HTMLScriptElement {
  if (scriptElement?.dataset.failed === 'true') {
    scriptElement.remove();
    scriptElement = null;
  }
  if (!scriptElement) {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.defer = true;
    script.addEventListener('error', () => (script.dataset.failed = 'true'), { once: true });
    document.head.append(script);
    scriptElement = script;
  }
  return scriptElement;
}

/**
 * Loads GSI and resolves with `google.accounts.id`. Rejects with the product's texts: "unavailable" when the script
 * could not be fetched at all, "failed to load" when its API did not appear within 10 seconds.
 */
export function loadGoogleIdApi(options: { url?: string; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<GoogleIdApi> {
  const ready = readGoogleIdApi(window);
  if (ready) return Promise.resolve(ready);
  const script = injectScript(options.url ?? GOOGLE_SCRIPT_URL);
  const giveUp = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, giveUp.signal]) : giveUp.signal;
  const onError = () => giveUp.abort(new GoogleSignInError(GOOGLE_SIGN_IN_TEXTS.unavailable));
  if (script.dataset.failed === 'true') onError();
  else script.addEventListener('error', onError, { once: true });
  return waitForValue(() => readGoogleIdApi(window), { timeoutMs: options.timeoutMs ?? GOOGLE_SCRIPT_WAIT_MS, signal }).finally(() =>
    script.removeEventListener('error', onError),
  );
}
