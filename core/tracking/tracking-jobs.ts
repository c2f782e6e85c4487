import type { TrackingCadence } from '../../contract/tracking.ts';

/**
 * The tracking queue: one BullMQ job scheduler per active set, each producing one job per slot of the set's
 * cadence. The job names the set only; the worker reads the set from Postgres, the record of truth.
 */
export const TRACKING_JOB_NAME = 'run-tracked-prompts';
/**
 * A slot's second half: record its results and test them, once its answers have ended. Added by the answer that
 * ended the slot's last request (or by the slot job, when they all ended before it finished admitting), and once,
 * delayed, as a deadline, so a slot whose ending nobody announced (a run ended by the sweeper) still completes.
 */
export const TRACKING_FINISH_JOB_NAME = 'finish-tracking-run';

export interface TrackingSlotJobData {
  setId: string;
}

export interface TrackingFinishJobData {
  setId: string;
  runId: string;
  /** The deadline's job: finish with whatever ended, even if some answers are still open. */
  deadline: boolean;
}

export type TrackingJobData = TrackingSlotJobData | TrackingFinishJobData;

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
