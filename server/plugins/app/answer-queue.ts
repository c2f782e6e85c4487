import type { Queue } from 'bullmq';
import fastifyPlugin from 'fastify-plugin';
import type { AnswerJobData } from '../../../core/jobs/answer-jobs.ts';
import { openQueue } from '../../../core/jobs/queue-catalogue.ts';
import { createRedisConnection, waitUntilReady } from '../../../core/redis/redis-connection.ts';

declare module 'fastify' {
  interface FastifyInstance {
    answerQueue: Queue<AnswerJobData>;
  }
}

/**
 * The producer side of the answer queue. Its connection does not queue commands while Redis is away, so adding a
 * job during an outage fails at once and the user gets a 503 instead of a request that hangs.
 */
export default fastifyPlugin(
  async (app) => {
    const connection = createRedisConnection(app.config.redis, 'fail-fast', app.log as never, 'quorum-server-queue');
    await waitUntilReady(connection);
    const queue = openQueue('answers', connection, app.config.redis.keyPrefix);
    queue.on('error', (error) => app.log.error({ err: error }, 'answer queue error'));
    app.decorate('answerQueue', queue);
    app.addHook('onClose', async () => {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    });
  },
  { name: 'answer-queue', dependencies: ['configuration'] },
);
