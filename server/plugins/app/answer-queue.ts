import { Queue } from 'bullmq';
import fastifyPlugin from 'fastify-plugin';
import { ANSWER_QUEUE_NAME, bullPrefix, type AnswerJobData } from '../../../core/jobs/answer-jobs.ts';
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
    const connection = createRedisConnection(app.config.redis.url, 'fail-fast', app.log as never, 'quorum-server-queue');
    await waitUntilReady(connection);
    const queue = new Queue<AnswerJobData>(ANSWER_QUEUE_NAME, {
      connection,
      prefix: bullPrefix(app.config.redis.keyPrefix),
      defaultJobOptions: {
        attempts: 1,
        removeOnComplete: { age: 3_600, count: 10_000 },
        removeOnFail: { age: 86_400 },
      },
    });
    queue.on('error', (error) => app.log.error({ err: error }, 'answer queue error'));
    app.decorate('answerQueue', queue);
    app.addHook('onClose', async () => {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    });
  },
  { name: 'answer-queue', dependencies: ['configuration'] },
);
