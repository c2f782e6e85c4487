import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '../../errors/app-error.ts';
import { success } from '../../schemas/response-envelope.ts';
import { fieldMessages } from '../../schemas/validation-messages.ts';
import { deleteAccount, logout, profile, session } from './actions/session-actions.ts';
import { google } from './actions/google.ts';
import { login } from './actions/login.ts';
import { register } from './actions/register.ts';
import { resendVerification } from './actions/resend-verification.ts';
import { verifyEmail } from './actions/verify-email.ts';
import type { AuthAction } from './auth-action.ts';
import { rateLimitFor } from './auth-rate-limits.ts';

const READ_ACTIONS: Record<string, AuthAction> = { session, profile };
const WRITE_ACTIONS: Record<string, AuthAction> = {
  register,
  login,
  google,
  logout,
  'verify-email': verifyEmail,
  'resend-verification': resendVerification,
  'delete-account': deleteAccount,
};
const ALL_ACTIONS = [...Object.keys(READ_ACTIONS), ...Object.keys(WRITE_ACTIONS)];

const ActionQuery = Type.Object({
  action: Type.String({ minLength: 1, maxLength: 64, ...fieldMessages({ required: 'An action is required' }) }),
});

/** Every auth call's body fields, all optional here: each action checks the ones it needs with the spec's words. */
const AuthBody = Type.Union([
  Type.Object({
    name: Type.Optional(Type.Unknown()),
    email: Type.Optional(Type.Unknown()),
    password: Type.Optional(Type.Unknown()),
    token: Type.Optional(Type.Unknown()),
  }),
  Type.Null(),
]);

/** `/api/auth?action=…`, the spec's single auth endpoint (section 7): GET for reads, POST for changes. */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const actionOf = (query: unknown) => String((query as { action?: unknown }).action ?? '');
  const rateLimit = {
    max: (request: import('fastify').FastifyRequest) => rateLimitFor(actionOf(request.query)).max * app.config.auth.rateLimitScale,
    timeWindow: (request: import('fastify').FastifyRequest) => rateLimitFor(actionOf(request.query)).windowMs,
    keyGenerator: (request: import('fastify').FastifyRequest) => `auth:${actionOf(request.query)}:${request.ip}`,
  };

  const dispatch = (actions: Record<string, AuthAction>, method: string) =>
    async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const action = actionOf(request.query);
      const handler = actions[action];
      if (!handler) {
        const known = ALL_ACTIONS.includes(action) ? ` (use ${method === 'GET' ? 'POST' : 'GET'})` : '';
        throw new AppError('VALIDATION_ERROR', `Unknown auth action "${action}"${known}`);
      }
      reply.header('cache-control', 'no-store');
      const body = (request.body ?? {}) as Record<string, unknown>;
      return success(await handler({ app, request, reply, body }));
    };

  app.get('/auth', { schema: { querystring: ActionQuery }, config: { rateLimit } }, dispatch(READ_ACTIONS, 'GET'));
  app.post('/auth', { schema: { querystring: ActionQuery, body: AuthBody }, config: { rateLimit } }, dispatch(WRITE_ACTIONS, 'POST'));
};

export default authRoutes;
