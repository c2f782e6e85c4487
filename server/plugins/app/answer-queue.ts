import type { Queue } from 'bullmq';
import type { AnswerJobData } from '../../../core/jobs/answer-jobs.ts';
import { queueProducer } from './queue-producer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    answerQueue: Queue<AnswerJobData>;
  }
}

export default queueProducer('answers', 'answerQueue', 'quorum-server-queue', 'answer-queue');
