import type { RedisClient } from '../../../core/redis/index.ts';
import fastifyPlugin from 'fastify-plugin';
import { RequestEventWriter } from '../../../core/events/index.ts';
import { RedisConnections } from '../../../core/redis/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Commands on request paths: fails fast while Redis is down. */
    redis: RedisClient;
    /** Where every Redis connection of the server is opened, by role (and counted: logged once the server is ready). */
    redisConnections: RedisConnections<'server'>;
    eventWriter: RequestEventWriter;
  }
}

export default fastifyPlugin(
  async (app) => {
    const { keyPrefix } = app.config.redis;
    const connections = new RedisConnections(app.config.redis, 'server', app.log as never);
    app.decorate('redisConnections', connections);
    const redis = await connections.connectReady('commands');
    app.addHook('onReady', async () => {
      app.log.info({ redisConnections: connections.counts(), answerQueuePartitions: app.config.redis.answerQueuePartitions }, 'redis connections');
    });

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
      await app.shutdown.run('redis commands connection', () => connections.close('commands'));
    });
  },
  { name: 'redis', dependencies: ['configuration'] },
);
