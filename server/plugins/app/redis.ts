import type { Redis } from 'ioredis';
import fastifyPlugin from 'fastify-plugin';
import { RequestEventWriter } from '../../../core/events/request-event-writer.ts';
import { createRedisConnection, waitUntilReady } from '../../../core/redis/redis-connection.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Commands on request paths: fails fast while Redis is down. */
    redis: Redis;
    eventWriter: RequestEventWriter;
  }
}

export default fastifyPlugin(
  async (app) => {
    const { url, keyPrefix } = app.config.redis;
    const redis = createRedisConnection(url, 'fail-fast', app.log as never, 'quorum-server-commands');
    await waitUntilReady(redis);

    app.decorate('redis', redis);
    app.decorate(
      'eventWriter',
      new RequestEventWriter(redis, {
        keyPrefix,
        streamTtlSeconds: app.config.events.streamTtlSeconds,
        streamMaxEvents: app.config.events.streamMaxEvents,
      }),
    );
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', dependencies: ['configuration'] },
);
