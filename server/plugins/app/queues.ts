import type { Queue } from 'bullmq';
import fastifyPlugin from 'fastify-plugin';
import type { AnswerQueue, TrackingJobData } from '../../../core/jobs/index.ts';
import { openQueueHandles, type QueueHandles } from '../../../core/jobs/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every queue handle of the server, one per kind; the dashboard shows them all. */
    queues: QueueHandles;
    /** Where admitted runs go (over the answer queue's partitions), and where a stop takes a waiting one back. */
    answerQueue: AnswerQueue;
    /** Where the tracking pages start, change and stop the schedules of prompt sets; workers consume it. */
    trackingQueue: Queue<TrackingJobData>;
    /** Where a vote asks for the leaderboards' refit; workers consume it. */
    leaderboardQueue: Queue<Record<string, never>>;
  }
}

/**
 * The server's producer side of every queue: one handle per kind, all on the server's `queues` connection. That
 * connection does not queue commands while Redis is away, so adding a job during an outage fails at once (the user
 * gets a 503, not a request that hangs); it closes with the app.
 */
export default fastifyPlugin(
  async (app) => {
    const connection = await app.redisConnections.connectReady('queues');
    const queues = openQueueHandles(connection, app.config.redis);
    for (const queue of queues.all()) queue.on('error', (error) => app.log.error({ err: error, queue: queue.name }, 'queue error'));
    app.decorate('queues', queues);
    app.decorate('answerQueue', queues.answers);
    app.decorate('trackingQueue', queues.tracking);
    app.decorate('leaderboardQueue', queues.leaderboards);
    app.addHook('onClose', async () => {
      await app.shutdown.run('queue handles', () => queues.close());
      await app.shutdown.run('redis queues connection', () => app.redisConnections.close('queues'));
    });
  },
  { name: 'queues', dependencies: ['configuration', 'redis'] },
);
