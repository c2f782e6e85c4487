import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

interface RequestContext {
  reqId: string;
}

const currentRequest = new AsyncLocalStorage<RequestContext>();
const contextResources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * The id of the HTTP request being handled (Fastify's `reqId`, the one in the server's log lines and the
 * `x-request-id` header), wherever in its handling this is called; undefined outside a request (a worker admitting
 * GEO tracking prompts). Lets the answer job carry it to the worker without threading it through every caller.
 */
export function currentRequestId(): string | undefined {
  return currentRequest.getStore()?.reqId;
}

/**
 * Enters the request's context when it arrives. Node runs the body's parsing in the socket's own async context,
 * so the context is entered again before validation: the handler and everything it awaits then see it.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    currentRequest.run({ reqId: request.id }, () => {
      const resource = new AsyncResource('quorum-request');
      contextResources.set(request, resource);
      resource.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = contextResources.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
