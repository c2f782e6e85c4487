import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DemoCreditsAdded } from '../../../contract/credit-history.ts';
import { DEMO_CREDITS } from '../../../contract/demo-credits.ts';
import { success } from '../../../contract/envelope.ts';
import { grantDemoCredits, publishCreditsRemaining } from '../../../core/credits/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { jsonResponses } from '../../schemas/route-responses.ts';

export const DEMO_CREDITS_TEXTS = {
  notDemo: 'Demo credits are only available in demo mode.',
  tooOften: `Demo credits can be added ${DEMO_CREDITS.perHour} times an hour. Please try again later.`,
} as const;

/**
 * `POST /api/credits/demo`: in demo mode (answers from the built-in simulator), a signed-in person adds
 * `DEMO_CREDITS.amount` credits through the ledger, so a newcomer can try every feature without a payment set up.
 * Refused with 403 outside demo mode, and with 429 past `DEMO_CREDITS.perHour` grants in an hour.
 */
const demoCreditsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/credits/demo',
    {
      schema: {
        summary: 'Add demo credits (demo mode only)',
        description: `Adds ${DEMO_CREDITS.amount} credits, recorded in your history as “${DEMO_CREDITS.reason}”; at most ${DEMO_CREDITS.perHour} times an hour. Only while the server answers from its simulator (demo mode).`,
        tags: ['Credits'],
        response: jsonResponses(DemoCreditsAdded, ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMIT_ERROR']),
      },
      config: { signIn: 'required', signInMessage: 'Sign in to add demo credits.' },
    },
    async (request) => {
      if (!app.config.demoMode) throw new AppError('FORBIDDEN', DEMO_CREDITS_TEXTS.notDemo);
      const userId = request.signedIn.user.id;
      const granted = await grantDemoCredits(app.orm.em.fork(), userId);
      if (!granted.added) {
        const refused = new AppError('RATE_LIMIT_ERROR', DEMO_CREDITS_TEXTS.tooOften);
        // The error handler sends it as Retry-After, as every other 429 does.
        (refused as AppError & { retryAfterSeconds: number }).retryAfterSeconds = granted.retryAfterSeconds;
        throw refused;
      }
      // The person's other tabs update their count; this tab takes it from the answer.
      publishCreditsRemaining(app.redis, app.config.redis.keyPrefix, userId, granted.creditsRemaining).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not announce the demo credits to the other tabs'),
      );
      return success({ creditsAdded: granted.creditsAdded, creditsRemaining: granted.creditsRemaining });
    },
  );
};

export default demoCreditsRoutes;
