import type { Redis } from 'ioredis';
import fastifyPlugin from 'fastify-plugin';
import { RequestEventWriter } from '../../../core/events/request-event-writer.ts';
import { createRedisConnection, waitUntilReady } from '../../../core/redis/redis-connection.ts';
import { RequestEventHub } from '../../streaming/request-event-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Commands on request paths: fails fast while Redis is down. */
    redis: Redis;
    /** The process's single pub/sub listener, shared by every open stream. */
    eventHub: RequestEventHub;
    eventWriter: RequestEventWriter;
  }
}

export default fastifyPlugin(
  async (app) => {
    const { url, keyPrefix } = app.config.redis;
    const logger = app.log as never;
    const redis = createRedisConnection(url, 'fail-fast', logger, 'quorum-server-commands');
    const subscriber = createRedisConnection(url, 'subscriber', logger, 'quorum-server-subscriber');
    await Promise.all([waitUntilReady(redis), waitUntilReady(subscriber)]);

    app.decorate('redis', redis);
    app.decorate('eventHub', new RequestEventHub(subscriber, keyPrefix, app.log));
    app.decorate(
      'eventWriter',
      new RequestEventWriter(redis, {
        keyPrefix,
        streamTtlSeconds: app.config.events.streamTtlSeconds,
        streamMaxEvents: app.config.events.streamMaxEvents,
      }),
    );
    app.addHook('onClose', async () => {
      await Promise.all([redis.quit().catch(() => redis.disconnect()), subscriber.quit().catch(() => subscriber.disconnect())]);
    });
  },
  { name: 'redis', dependencies: ['configuration'] },
);
