import type { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import { TRACKING_FINISH_JOB_NAME, type TrackingJobData } from '../jobs/index.ts';
import { trackingFinishJobId } from './tracking-jobs.ts';

/**
 * The event side of a tracking slot. A slot job only claims and admits; nothing waits on the answers. When an
 * answer ends the last open run of its request, the worker asks here whether that request belongs to a running
 * slot whose answers have now all ended, and if so queues the slot's finishing job. The slot's row says when every
 * sample was admitted, so an early answer cannot finish a slot whose later samples are still being asked.
 */

export interface FinishableRun {
  id: string;
  setId: string;
}

/**
 * The running, fully admitted slot that asked this request (for the brand or as a canary), when none of its answers
 * is still open.
 */
export async function finishableRunOfRequest(em: EntityManager, requestId: string): Promise<FinishableRun | undefined> {
  const [row] = await em.execute<{ id: string; set_id: string }[]>(
    `select tracking.id, tracking.set_id
       from tracking_runs as tracking
      where tracking.status = 'running' and tracking.admitted_at is not null
        and (tracking.request_ids @> jsonb_build_array(?::text) or tracking.canary_request_ids @> jsonb_build_array(?::text))
        and not exists (select 1 from model_runs as run
                         where run.request_id in (select jsonb_array_elements_text(tracking.request_ids || tracking.canary_request_ids)::uuid)
                           and run.status in ('queued', 'running'))
      limit 1`,
    [requestId, requestId],
  );
  return row ? { id: row.id, setId: row.set_id } : undefined;
}

/** Marks the slot as fully admitted; from now on the answer that ends it queues its finishing job. */
export async function markRunAdmitted(em: EntityManager, runId: string): Promise<void> {
  await em.execute(`update tracking_runs set admitted_at = coalesce(admitted_at, now()) where id = ?`, [runId]);
}

/** Queues the slot's finishing job now; added twice (two answers ending together), BullMQ keeps one. */
export async function queueRunFinish(queue: Queue<TrackingJobData>, run: FinishableRun): Promise<void> {
  await queue.add(TRACKING_FINISH_JOB_NAME, { setId: run.setId, runId: run.id, deadline: false }, { jobId: trackingFinishJobId(run.id, false) });
}

/** Queues the slot's deadline: past it the slot finishes with whatever answers ended. */
export async function queueRunDeadline(queue: Queue<TrackingJobData>, run: FinishableRun, delayMs: number): Promise<void> {
  await queue.add(TRACKING_FINISH_JOB_NAME, { setId: run.setId, runId: run.id, deadline: true }, { jobId: trackingFinishJobId(run.id, true), delay: delayMs });
}

/** Called after an answer's ending is stored: queues its slot's finishing job when it was the slot's last answer. */
export async function announceRequestEnded(em: EntityManager, queue: Queue<TrackingJobData>, requestId: string): Promise<boolean> {
  const run = await finishableRunOfRequest(em, requestId);
  if (!run) return false;
  await queueRunFinish(queue, run);
  return true;
}
