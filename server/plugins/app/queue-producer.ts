import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { openQueue, type QueueKind } from '../../../core/jobs/queue-catalogue.ts';
import { createRedisConnection, waitUntilReady } from '../../../core/redis/redis-connection.ts';

type QueueDecoration = 'answerQueue' | 'trackingQueue' | 'leaderboardQueue';

/**
 * The producer side of one of the catalogue's queues, as a plugin that decorates the app with it. Its connection
 * does not queue commands while Redis is away, so adding a job during an outage fails at once (the user gets a 503,
 * not a request that hangs); it closes with the app.
 */
export function queueProducer(kind: QueueKind, decoration: QueueDecoration, connectionName: string, pluginName: string) {
  return fastifyPlugin(
    async (app: FastifyInstance) => {
      const connection = createRedisConnection(app.config.redis, 'fail-fast', app.log as never, connectionName);
      await waitUntilReady(connection);
      const queue = openQueue(kind, connection, app.config.redis.keyPrefix);
      queue.on('error', (error) => app.log.error({ err: error }, `${kind} queue error`));
      app.decorate(decoration, queue as never);
      app.addHook('onClose', async () => {
        await queue.close();
        await connection.quit().catch(() => connection.disconnect());
      });
    },
    { name: pluginName, dependencies: ['configuration'] },
  );
}
