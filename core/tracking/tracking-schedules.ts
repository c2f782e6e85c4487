import type { Queue } from 'bullmq';
import type { TrackingCadence } from '../../contract/tracking.ts';
import { scheduledJobOptions, TRACKING_SLOT_JOB_NAME, type TrackingJobData } from '../jobs/index.ts';
import { cadenceMs, trackingSchedulerId } from './tracking-jobs.ts';

/**
 * Starts (or updates) a set's schedule. BullMQ keeps job schedulers in Redis, so the schedule outlives every
 * process; an `every` scheduler runs its first job at once and then one per interval, and after an outage it
 * produces only the next job, not one per missed interval.
 */
export async function scheduleTrackingSet(queue: Queue<TrackingJobData>, set: { id: string; cadence: TrackingCadence }, dayMs: number): Promise<void> {
  await queue.upsertJobScheduler(
    trackingSchedulerId(set.id),
    { every: cadenceMs(set.cadence, dayMs) },
    {
      name: TRACKING_SLOT_JOB_NAME,
      data: { setId: set.id },
      // A slot's job that failed is not retried into a later slot; the slot guard would refuse it anyway.
      opts: scheduledJobOptions('tracking'),
    },
  );
}

/** Stops a set's schedule (paused or deleted); a job already running finishes its slot. */
export async function unscheduleTrackingSet(queue: Queue<TrackingJobData>, setId: string): Promise<void> {
  await queue.removeJobScheduler(trackingSchedulerId(setId));
}
