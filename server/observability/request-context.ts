import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestContextStore } from '../../core/tracing/index.ts';

const contextResources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Enters the request's context when it arrives. Node runs the body's parsing in the socket's own async context,
 * so the context is entered again before validation: the handler and everything it awaits then see it.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requestContextStore.run({ reqId: request.id, receivedAt: performance.now() }, () => {
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
