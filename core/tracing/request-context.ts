import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  reqId: string;
  /** `performance.now()` when the request arrived. */
  receivedAt?: number;
}

/** The HTTP request being handled, entered by the server's request hook; empty in the worker. */
export const requestContextStore = new AsyncLocalStorage<RequestContext>();

/**
 * The id of the HTTP request being handled (Fastify's `reqId`, the one in the server's log lines and the
 * `x-request-id` header), wherever in its handling this is called; undefined outside a request (a worker admitting
 * GEO tracking prompts). Lets the answer job carry it to the worker without threading it through every caller.
 */
export function currentRequestId(): string | undefined {
  return requestContextStore.getStore()?.reqId;
}

/** Milliseconds since the HTTP request being handled arrived; undefined outside a request. */
export function requestAgeMs(): number | undefined {
  const receivedAt = requestContextStore.getStore()?.receivedAt;
  return receivedAt === undefined ? undefined : performance.now() - receivedAt;
}
