import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FailureEnvelope, failure, success, SuccessEnvelope } from '../../../contract/envelope.ts';
import { ERROR_CODES } from '../../../contract/error-codes.ts';
import { HealthData, LivenessData, ReadinessData } from '../../../contract/health.ts';

/**
 * How long a dependency may take to answer before it counts as down. Generous on purpose: a dependency that is down
 * refuses at once (a refused connection, Redis's fail-fast client), so this only decides between "slow" and "hung".
 * At 2 s a merely busy server (its `select 1` queued behind the pool's work on a loaded machine) told people
 * "System maintenance" while it was answering questions.
 */
const CHECK_TIMEOUT_MS = 10_000;

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

/**
 * `GET /api/health`: success is false (HTTP 503) when Postgres or Redis does not answer. The footer polls it.
 * For orchestrators, `/api/health/live` (restart me if this fails) and `/api/health/ready` (send me traffic).
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const dependencies = () =>
    Promise.all([probe(() => app.orm.em.getConnection().execute('select 1')), probe(() => app.redis.ping())]).then(([postgres, redis]) => ({ postgres, redis }));

  app.get(
    '/health/live',
    {
      schema: {
        summary: 'Whether this process is up',
        description: 'Checks nothing but that the process answers: a failing liveness probe means restart it. Postgres or Redis being away does not fail it.',
        tags: ['Status'],
        response: { 200: SuccessEnvelope(LivenessData) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return success({ status: 'live' as const });
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        summary: 'Whether this process can take traffic',
        description: 'Postgres and Redis both answer. While either does not, send traffic elsewhere (no restart needed: it recovers on its own).',
        tags: ['Status'],
        response: {
          200: SuccessEnvelope(ReadinessData),
          503: FailureEnvelope(ReadinessData, { description: '`SERVICE_UNAVAILABLE`: Postgres or Redis does not answer.' }),
        },
      },
    },
    async (_request, reply) => {
      const checks = await dependencies();
      const ready = checks.postgres === 'up' && checks.redis === 'up';
      reply.header('cache-control', 'no-store');
      if (ready) return success({ status: 'ready' as const, checks });
      return reply.status(503).send(failure('SERVICE_UNAVAILABLE', ERROR_CODES.SERVICE_UNAVAILABLE.message, { status: 'not-ready' as const, checks }));
    },
  );

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
      const { postgres, redis } = await dependencies();
      const healthy = postgres === 'up' && redis === 'up';
      const data = { status: healthy ? ('ok' as const) : ('degraded' as const), checks: { postgres, redis }, demoMode: app.config.demoMode };
      reply.header('cache-control', 'no-store');
      if (healthy) return success(data);
      return reply.status(503).send(failure('SERVICE_UNAVAILABLE', 'System maintenance', data));
    },
  );
};

export default healthRoutes;
