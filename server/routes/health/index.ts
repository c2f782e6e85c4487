import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { failure, success } from '../../schemas/response-envelope.ts';

const CHECK_TIMEOUT_MS = 2_000;

const HealthData = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  checks: Type.Object({
    postgres: Type.Union([Type.Literal('up'), Type.Literal('down')]),
    redis: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  }),
  demoMode: Type.Boolean(),
});

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
        response: {
          200: Type.Object({ success: Type.Literal(true), data: HealthData, error: Type.Null() }),
          503: Type.Object({
            success: Type.Literal(false),
            data: HealthData,
            error: Type.Object({ message: Type.String(), code: Type.String() }),
          }),
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
