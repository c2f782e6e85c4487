import type { RedisClient } from '../../../core/redis/redis-client.ts';
import fastifyPlugin from 'fastify-plugin';
import { RequestEventWriter } from '../../../core/events/request-event-writer.ts';
import { createRedisConnection, waitUntilReady } from '../../../core/redis/redis-connection.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Commands on request paths: fails fast while Redis is down. */
    redis: RedisClient;
    eventWriter: RequestEventWriter;
  }
}

export default fastifyPlugin(
  async (app) => {
    const { keyPrefix } = app.config.redis;
    const redis = createRedisConnection(app.config.redis, 'fail-fast', app.log as never, 'quorum-server-commands');
    await waitUntilReady(redis);

    app.decorate<RedisClient>('redis', redis);
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
