import type { TestStack } from './test-stack.ts';

/** An `/api` answer in the envelope, typed by what its `data` holds. */
export interface EnvelopeAnswer<T> {
  status: number;
  body: { data: T; error: { code: string; message: string } | null };
}

/**
 * Calls the stack's `/api` as the person holding `cookie`, from the app's own origin: GET without a body, POST with
 * one, or the `method` given.
 */
export function signedInCalls(stack: () => TestStack) {
  return async <T>(path: string, cookie: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<EnvelopeAnswer<T>> => {
    const { baseUrl, config } = stack();
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, origin: config.server.appUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as EnvelopeAnswer<T>['body'] };
  };
}
