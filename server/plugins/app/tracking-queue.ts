import { Queue } from 'bullmq';
import fastifyPlugin from 'fastify-plugin';
import { bullPrefix } from '../../../core/jobs/answer-jobs.ts';
import { createRedisConnection, waitUntilReady } from '../../../core/redis/redis-connection.ts';
import { TRACKING_QUEUE_NAME, type TrackingJobData } from '../../../core/tracking/tracking-jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the tracking pages start, change and stop the schedules of prompt sets; workers consume it. */
    trackingQueue: Queue<TrackingJobData>;
  }
}

export default fastifyPlugin(
  async (app) => {
    const connection = createRedisConnection(app.config.redis.url, 'fail-fast', app.log as never, 'quorum-server-tracking');
    await waitUntilReady(connection);
    const queue = new Queue<TrackingJobData>(TRACKING_QUEUE_NAME, { connection, prefix: bullPrefix(app.config.redis.keyPrefix) });
    queue.on('error', (error) => app.log.error({ err: error }, 'tracking queue error'));
    app.decorate('trackingQueue', queue);
    app.addHook('onClose', async () => {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    });
  },
  { name: 'tracking-queue', dependencies: ['configuration'] },
);
