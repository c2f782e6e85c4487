import type { Queue } from 'bullmq';
import { queueProducer } from './queue-producer.ts';
import type { TrackingJobData } from '../../../core/jobs/job-registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the tracking pages start, change and stop the schedules of prompt sets; workers consume it. */
    trackingQueue: Queue<TrackingJobData>;
  }
}

export default queueProducer('tracking', 'trackingQueue', 'quorum-server-tracking', 'tracking-queue');
