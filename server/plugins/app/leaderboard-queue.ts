import type { Queue } from 'bullmq';
import { queueProducer } from './queue-producer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a vote asks for the leaderboards' refit; workers consume it. */
    leaderboardQueue: Queue<Record<string, never>>;
  }
}

export default queueProducer('leaderboards', 'leaderboardQueue', 'quorum-server-leaderboards', 'leaderboard-queue');
