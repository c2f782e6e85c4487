import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FailureEnvelope, failure, success, SuccessEnvelope } from '../../../contract/envelope.ts';
import { HealthData } from '../../../contract/health.ts';

const CHECK_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** `GET /api/health`: success is false (HTTP 503) when Postgres or Redis does not answer. The footer polls it. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Whether Quorum can answer',
        tags: ['Status'],
        response: {
          200: SuccessEnvelope(HealthData),
          503: FailureEnvelope(HealthData, { description: '`SERVICE_UNAVAILABLE`: Postgres or Redis does not answer ("System maintenance").' }),
        },
      },
    },
    async (_request, reply) => {
      const [postgres, redis] = await Promise.all([
        probe(() => app.orm.em.getConnection().execute('select 1')),
        probe(() => app.redis.ping()),
      ]);
      const healthy = postgres === 'up' && redis === 'up';
      const data = { status: healthy ? ('ok' as const) : ('degraded' as const), checks: { postgres, redis }, demoMode: app.config.demoMode };
      reply.header('cache-control', 'no-store');
      if (healthy) return success(data);
      return reply.status(503).send(failure('SERVICE_UNAVAILABLE', 'System maintenance', data));
    },
  );
};

export default healthRoutes;
