import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The router refuses some addresses before any route or hook runs: a path parameter that is not valid percent
 * encoding, or one longer than the router allows. Fastify would answer those itself, outside our envelope and
 * without the security headers or a request id. Instead the request is run again through the app under a path no
 * route has, marked with what was wrong, so the not-found handler answers it in the envelope like any other refusal
 * and every hook (helmet, request id, logging) applies.
 */
const ROUTER_REFUSAL = Symbol('router-refusal');

export type RouterRefusal = 'bad-url' | 'too-long';

type MarkedRequest = IncomingMessage & { [ROUTER_REFUSAL]?: RouterRefusal };

/** The path the refused request is run again under: under /api/, so it is never mistaken for a page of the client. */
const REFUSED_PATH = '/api/';

/** For Fastify's `frameworkErrors` option; `app` is resolved late because the option is given before the app exists. */
export function routerErrorHandler(app: () => FastifyInstance) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const refusal: RouterRefusal | undefined =
      error.code === 'FST_ERR_BAD_URL' ? 'bad-url' : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'too-long' : undefined;
    const raw = request.raw as MarkedRequest;
    // Anything else (an async constraint failing) is not expected; it is answered the same way, as a bad address.
    raw[ROUTER_REFUSAL] = refusal ?? 'bad-url';
    raw.url = REFUSED_PATH;
    app().routing(raw, reply.raw as ServerResponse);
  };
}

export function routerRefusalOf(request: FastifyRequest): RouterRefusal | undefined {
  return (request.raw as MarkedRequest)[ROUTER_REFUSAL];
}
