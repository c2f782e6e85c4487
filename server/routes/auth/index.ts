import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../../core/errors/index.ts';
import { AUTH_READ_ACTIONS, AUTH_WRITE_ACTIONS, AuthBody, AuthData, AuthQuery } from '../../../contract/auth.ts';
import { success } from '../../../contract/envelope.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';
import { deleteAccount, logout, profile, session } from './actions/session-actions.ts';
import { google } from './actions/google.ts';
import { login } from './actions/login.ts';
import { register } from './actions/register.ts';
import { resendVerification } from './actions/resend-verification.ts';
import { verifyEmail } from './actions/verify-email.ts';
import { requestPasswordReset, resetPassword } from './actions/password-reset.ts';
import { authServicesOf, type AuthAction } from './auth-action.ts';
import { rateLimitFor } from './auth-rate-limits.ts';

// Maps, not plain objects: the action comes from the query string, and `?action=constructor` must be unknown, not
// Object.prototype's.
const READ_ACTIONS: ReadonlyMap<string, AuthAction> = new Map<(typeof AUTH_READ_ACTIONS)[number], AuthAction>([
  ['session', session],
  ['profile', profile],
]);
const WRITE_ACTIONS: ReadonlyMap<string, AuthAction> = new Map<(typeof AUTH_WRITE_ACTIONS)[number], AuthAction>([
  ['register', register],
  ['login', login],
  ['google', google],
  ['logout', logout],
  ['verify-email', verifyEmail],
  ['resend-verification', resendVerification],
  ['delete-account', deleteAccount],
  ['request-password-reset', requestPasswordReset],
  ['reset-password', resetPassword],
]);
const ALL_ACTIONS: readonly string[] = [...AUTH_READ_ACTIONS, ...AUTH_WRITE_ACTIONS];

/** `/api/auth?action=…`, the single accounts endpoint: GET for reads, POST for changes. */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const services = authServicesOf(app);
  const actionOf = (query: unknown) => String((query as { action?: unknown }).action ?? '');
  const rateLimit = {
    max: (request: import('fastify').FastifyRequest) => rateLimitFor(actionOf(request.query)).max * app.config.auth.rateLimitScale,
    timeWindow: (request: import('fastify').FastifyRequest) => rateLimitFor(actionOf(request.query)).windowMs,
    keyGenerator: (request: import('fastify').FastifyRequest) => `auth:${actionOf(request.query)}:${request.ip}`,
  };

  const dispatch = (actions: ReadonlyMap<string, AuthAction>, method: string) =>
    async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const action = actionOf(request.query);
      const handler = actions.get(action);
      if (!handler) {
        const known = ALL_ACTIONS.includes(action) ? ` (use ${method === 'GET' ? 'POST' : 'GET'})` : '';
        throw new AppError('VALIDATION_ERROR', `Unknown auth action "${action}"${known}`);
      }
      reply.header('cache-control', 'no-store');
      const body = (request.body ?? {}) as Record<string, unknown>;
      return success(await handler({ services, request, reply, body }));
    };

  const refusals = ['VALIDATION_ERROR', 'UNAUTHORIZED', 'RATE_LIMIT_ERROR'] as const;
  const readSchema = {
    summary: 'Who is signed in (`session`), or the account (`profile`)',
    tags: ['Accounts'],
    querystring: AuthQuery,
    response: jsonResponses(AuthData, refusals),
  };
  const writeSchema = {
    summary: 'Register, sign in (password or Google), verify, resend, reset a forgotten password, sign out, delete the account',
    description:
      'A refused login of an unverified address answers 403 `EMAIL_NOT_VERIFIED` with `data: {requiresVerification, email}`. ' +
      '`request-password-reset` answers the same whether or not the address has an account; `reset-password` uses the mailed link once (valid 1 hour), ' +
      'signs the account out everywhere and in on this browser, and cancels pending email changes (the mail that follows says so and lists the live API keys).',
    tags: ['Accounts'],
    querystring: AuthQuery,
    body: AuthBody,
    response: jsonResponses(AuthData, [...refusals, 'EMAIL_NOT_VERIFIED', 'NOT_AVAILABLE']),
  };
  app.get('/auth', { schema: readSchema, config: { rateLimit } }, dispatch(READ_ACTIONS, 'GET'));
  app.post('/auth', { schema: writeSchema, config: { rateLimit } }, dispatch(WRITE_ACTIONS, 'POST'));
};

export default authRoutes;
