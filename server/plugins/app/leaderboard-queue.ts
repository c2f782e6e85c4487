import type { Queue } from 'bullmq';
import fastifyPlugin from 'fastify-plugin';
import { openQueue } from '../../../core/jobs/queue-catalogue.ts';
import { createRedisConnection, waitUntilReady } from '../../../core/redis/redis-connection.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a vote asks for the leaderboards' refit; workers consume it. */
    leaderboardQueue: Queue<Record<string, never>>;
  }
}

export default fastifyPlugin(
  async (app) => {
    const connection = createRedisConnection(app.config.redis.url, 'fail-fast', app.log as never, 'quorum-server-leaderboards');
    await waitUntilReady(connection);
    const queue = openQueue('leaderboards', connection, app.config.redis.keyPrefix);
    queue.on('error', (error) => app.log.error({ err: error }, 'leaderboard queue error'));
    app.decorate('leaderboardQueue', queue);
    app.addHook('onClose', async () => {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    });
  },
  { name: 'leaderboard-queue', dependencies: ['configuration'] },
);
