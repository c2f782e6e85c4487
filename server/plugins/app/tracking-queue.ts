import type { Queue } from 'bullmq';
import fastifyPlugin from 'fastify-plugin';
import { openQueue } from '../../../core/jobs/queue-catalogue.ts';
import { createRedisConnection, waitUntilReady } from '../../../core/redis/redis-connection.ts';
import type { TrackingJobData } from '../../../core/tracking/tracking-jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the tracking pages start, change and stop the schedules of prompt sets; workers consume it. */
    trackingQueue: Queue<TrackingJobData>;
  }
}

export default fastifyPlugin(
  async (app) => {
    const connection = createRedisConnection(app.config.redis, 'fail-fast', app.log as never, 'quorum-server-tracking');
    await waitUntilReady(connection);
    const queue = openQueue('tracking', connection, app.config.redis.keyPrefix);
    queue.on('error', (error) => app.log.error({ err: error }, 'tracking queue error'));
    app.decorate('trackingQueue', queue);
    app.addHook('onClose', async () => {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    });
  },
  { name: 'tracking-queue', dependencies: ['configuration'] },
);
