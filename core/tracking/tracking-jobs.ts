import type { TrackingCadence } from '../../contract/tracking.ts';

/*
 * The tracking queue: one BullMQ job scheduler per active set, each producing one job per slot of the set's cadence
 * (the job names and their data are in `core/jobs/job-registry.ts`). The job names the set only; the worker reads the
 * set from Postgres, the record of truth.
 */

/** One finishing job per run and kind: however many answers announce the end, BullMQ keeps the first. */
export function trackingFinishJobId(runId: string, deadline: boolean): string {
  return `tracking-${deadline ? 'deadline' : 'finish'}-${runId}`;
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
