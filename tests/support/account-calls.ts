import type { AuthClient } from './auth-client.ts';

/** An answer of `/api/account/…` in the envelope. */
export interface AccountAnswer {
  status: number;
  body: { success: boolean; data: Record<string, unknown> | null; error: { code: string; message: string } | null };
}

/** Calls `/api/account/…` on `baseUrl` as the browser holding `browser`'s cookie (or as nobody). */
export function accountCalls(baseUrl: () => string) {
  return async (browser: AuthClient | null, method: string, path: string, body?: unknown): Promise<AccountAnswer> => {
    const response = await fetch(`${baseUrl()}/api/account${path}`, {
      method,
      headers: { ...(browser?.cookie ? { cookie: browser.cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as AccountAnswer['body'] };
  };
}
