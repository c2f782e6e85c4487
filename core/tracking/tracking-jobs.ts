import type { TrackingCadence } from '../../contract/tracking.ts';

/**
 * The tracking queue: one BullMQ job scheduler per active set, each producing one job per slot of the set's
 * cadence. The job names the set only; the worker reads the set from Postgres, the record of truth.
 */
export const TRACKING_JOB_NAME = 'run-tracked-prompts';

export interface TrackingJobData {
  setId: string;
}

/** One scheduler per set: upserting it twice (a restart, a second server) changes nothing. */
export function trackingSchedulerId(setId: string): string {
  return `tracking-set:${setId}`;
}

/** How long one slot of a cadence lasts; `dayMs` is a real day in production and seconds in tests. */
export function cadenceMs(cadence: TrackingCadence, dayMs: number): number {
  return cadence === 'daily' ? dayMs : 7 * dayMs;
}

/** The start of the slot a scheduled time falls in: the key that makes a slot run once. */
export function slotStart(scheduledAt: number, cadence: TrackingCadence, dayMs: number): Date {
  const length = cadenceMs(cadence, dayMs);
  return new Date(Math.floor(scheduledAt / length) * length);
}
