import { DEFAULT_BODY_LIMIT_BYTES } from './limits/body-limits.ts';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { randomUUID } from 'node:crypto';
import type { QuorumConfig } from '../core/config/index.ts';
import { loggerOptions } from '../core/logging/index.ts';
import { ShutdownSteps } from '../core/process/index.ts';
import quorumApp from './app.ts';
import { ClientErrorResponder } from './errors/client-errors.ts';
import { installInputTextCheck } from './errors/input-text-check.ts';
import { routerErrorHandler } from './errors/router-errors.ts';
import { buildValidator } from './schemas/body-validation.ts';
import { errorMessagesKeywordPlugin } from './schemas/validation-messages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The close hooks run through it, so a shutdown that hangs logs the step it hangs on. */
    shutdown: ShutdownSteps;
  }
}

export interface BuildServerOptions {
  /** Sees every route as it is added (the route table, for checks that every call is described). */
  onRoute?: (route: RouteOptions) => void;
}

/** A ready (not yet listening) Fastify instance running Quorum, for `main.ts` and for tests alike. */
export async function buildServer(config: QuorumConfig, options: BuildServerOptions = {}): Promise<FastifyInstance> {
  let built: FastifyInstance | undefined;
  const clientErrors = new ClientErrorResponder();
  const app = Fastify({
    // Requests Node's parser refuses before Fastify sees them (oversized headers) are answered in the envelope too.
    clientErrorHandler: clientErrors.handle,
    logger: loggerOptions(config, 'server'),
    // Addresses the router itself refuses are answered by the app, in the envelope, with every hook applied.
    frameworkErrors: routerErrorHandler(() => built!),
    genReqId: () => randomUUID(),
    // Per route where a documented limit needs more (server/limits/body-limits.ts).
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    return503OnClosing: true,
    trustProxy: trustProxySetting(config.trustProxy),
    ajv: {
      // Verbose errors carry the failing schema, where the product's wording for each field lives.
      customOptions: { verbose: true },
      plugins: [errorMessagesKeywordPlugin],
    },
    // JSON bodies are validated as written (no coercion, no silently dropped keys); query strings and path
    // parameters, which arrive as text, keep Fastify's coercion (schemas/body-validation.ts).
    schemaController: { compilersFactory: { buildValidator } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  built = app as unknown as FastifyInstance;
  app.decorate('shutdown', new ShutdownSteps(app.log, 'server'));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  installInputTextCheck(app as unknown as FastifyInstance);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(quorumApp, { config });
  await app.ready();
  await clientErrors.learnHeaders(app as unknown as FastifyInstance);
  return app as unknown as FastifyInstance;
}

/** A hop count becomes the function form Fastify's types accept: trust the nearest `hops` proxies. */
function trustProxySetting(setting: QuorumConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
