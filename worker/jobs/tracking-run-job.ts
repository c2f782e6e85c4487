import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ModelCatalogue } from '../../core/catalogue/model-catalogue.ts';
import { User } from '../../core/database/entities/user.ts';
import { slotStart } from '../../core/tracking/tracking-jobs.ts';
import { trackingCost } from '../../core/tracking/tracking-cost.ts';
import { dropsBetween } from '../../core/tracking/tracking-drops.ts';
import { openRunCount, recordTrackingResults } from '../../core/tracking/tracking-results-recorder.ts';
import { findTrackingSet, pauseTrackingSet, type StoredTrackingSet } from '../../core/tracking/tracking-sets.ts';
import { runSummary } from '../../core/tracking/tracking-summary.ts';
import { requesterFor, type Requester } from '../../core/credits/requester.ts';
import { AppError } from '../../core/errors/app-error.ts';
import type { Mailer } from '../../core/mail/mailer.ts';
import { trackingAlertMail, trackingPausedMail, type TrackingMailFacts } from '../../core/mail/tracking-mails.ts';
import { admitRequest, type AdmissionServices } from '../../core/requests/request-admission.ts';
import { spendableCreditsOfUser } from '../../core/credits/credit-ledger.ts';

export interface TrackingRunDependencies {
  orm: MikroORM;
  admission: AdmissionServices;
  catalogue: ModelCatalogue;
  mailer: Mailer;
  logger: Logger;
  appSecret: string;
  appUrl: string;
  dayMs: number;
  /** How often to look whether the slot's answers have all ended. */
  pollMs: number;
  /** Stops the schedule of a set that has been paused or deleted. */
  unschedule(setId: string): Promise<void>;
}

export interface TrackingSlotJob {
  id: string;
  setId: string;
  /** When the scheduler meant the job to run: which slot it belongs to. */
  scheduledAt: number;
}

export type TrackingSlotOutcome = 'completed' | 'duplicate' | 'paused' | 'gone' | 'insufficient_credits';

/**
 * Runs one slot of a tracked prompt set. The slot is claimed by inserting its row (unique per set and slot start):
 * a second worker given the same slot, or a job the scheduler produced again for it, finds the row taken and does
 * nothing; only a retry of the claiming job itself carries on where it stopped. Each prompt is then admitted
 * exactly as a person's comparison is (holds, per-model jobs, a charge per successful answer) under a request id
 * fixed at claim time, so a retry cannot admit a prompt twice. When the whole run cannot be afforded the set pauses
 * and its owner is told. Once every answer has ended, the results are recorded and compared with the run before.
 */
export async function runTrackingSlot(dependencies: TrackingRunDependencies, job: TrackingSlotJob): Promise<TrackingSlotOutcome> {
  const em = dependencies.orm.em.fork();
  const set = await findTrackingSet(em, job.setId);
  if (!set) {
    await dependencies.unschedule(job.setId);
    return 'gone';
  }
  if (set.status !== 'active') {
    await dependencies.unschedule(set.id);
    return 'paused';
  }
  const claim = await claimSlot(em, set, job, dependencies.dayMs);
  if (!claim) return 'duplicate';

  const owner = await em.findOne(User, { id: set.userId });
  if (!owner) return 'gone';
  const requester = requesterFor(dependencies.appSecret, owner, { guestKey: `tracking:${set.id}`, anonymousSessionId: `tracking:${set.id}` });
  const cost = trackingCost(dependencies.catalogue, set.models, set.prompts.length, set.cadence).perRun;
  if (!claim.resumed) {
    const available = await availableCredits(em, owner.id);
    if (available < cost) {
      await skipForCredits(dependencies, em, set, owner, claim.runId, cost, available);
      return 'insufficient_credits';
    }
  }

  const admitted = await admitPrompts(dependencies, em, set, requester, claim.requestIds);
  if (admitted === 'insufficient_credits') {
    const available = await availableCredits(em, owner.id);
    await pauseForCredits(dependencies, em, set, owner, cost, available);
  }
  await untilAnswersEnd(dependencies, em, claim.requestIds);
  await recordTrackingResults(em, claim.runId);
  const completed = await em.execute<{ id: string }[]>(
    `update tracking_runs set status = 'completed', completed_at = now() where id = ? and status = 'running' returning id`,
    [claim.runId],
  );
  // Only the call that completed the run compares it, so an alert is mailed once.
  if (completed.length > 0) await alertOnDrop(dependencies, em, set, owner, claim.runId);
  return 'completed';
}

/**
 * Closes the slot a job claimed but could not finish (its last attempt failed): whatever answers ended are
 * recorded and the run is completed with them, so it does not show as running for ever.
 */
export async function closeAbandonedSlot(dependencies: Pick<TrackingRunDependencies, 'orm'>, jobId: string): Promise<void> {
  const em = dependencies.orm.em.fork();
  const [run] = await em.execute<{ id: string }[]>(`select id from tracking_runs where job_id = ? and status = 'running'`, [jobId]);
  if (!run) return;
  await recordTrackingResults(em, run.id);
  await em.execute(`update tracking_runs set status = 'completed', completed_at = now() where id = ? and status = 'running'`, [run.id]);
}

interface SlotClaim {
  runId: string;
  requestIds: string[];
  /** A retry of the job that claimed the slot, continuing its work. */
  resumed: boolean;
}

async function claimSlot(em: EntityManager, set: StoredTrackingSet, job: TrackingSlotJob, dayMs: number): Promise<SlotClaim | undefined> {
  const slot = slotStart(job.scheduledAt, set.cadence, dayMs);
  const requestIds = set.prompts.map(() => randomUUID());
  const runId = randomUUID();
  const inserted = await em.execute<{ id: string }[]>(
    `insert into tracking_runs (id, set_id, slot_start, request_ids, job_id) values (?, ?, ?, ?::jsonb, ?)
     on conflict (set_id, slot_start) do nothing returning id`,
    [runId, set.id, slot, JSON.stringify(requestIds), job.id],
  );
  if (inserted.length > 0) return { runId, requestIds, resumed: false };
  const [existing] = await em.execute<{ id: string; request_ids: string[]; job_id: string | null; status: string }[]>(
    `select id, request_ids, job_id, status from tracking_runs where set_id = ? and slot_start = ?`,
    [set.id, slot],
  );
  if (!existing || existing.status !== 'running' || existing.job_id !== job.id) return undefined;
  return { runId: existing.id, requestIds: existing.request_ids, resumed: true };
}

async function availableCredits(em: EntityManager, userId: string): Promise<number> {
  return (await spendableCreditsOfUser(em, userId)) ?? 0;
}

/**
 * Admits each prompt not yet admitted (a retry skips those whose request exists). Stops at the first refusal for
 * credits; other refusals (a model withdrawn from the catalogue) skip that prompt and are logged.
 */
async function admitPrompts(
  dependencies: TrackingRunDependencies,
  em: EntityManager,
  set: StoredTrackingSet,
  requester: Requester,
  requestIds: string[],
): Promise<'admitted' | 'insufficient_credits'> {
  const existing = new Set(
    (await em.execute<{ id: string }[]>(`select id from search_requests where id in (select jsonb_array_elements_text(?::jsonb)::uuid)`, [JSON.stringify(requestIds)])).map(
      (row) => row.id,
    ),
  );
  for (const [index, prompt] of set.prompts.entries()) {
    const requestId = requestIds[index];
    if (!requestId || existing.has(requestId)) continue;
    try {
      await admitRequest(
        dependencies.admission,
        {
          requestId,
          query: prompt,
          selections: set.models,
          kind: set.models.length > 1 ? 'comparison' : 'single',
          streamed: false,
          searchEnabled: false,
          aiOverviewParams: set.aiOverviewParams,
          brandMonitoringEnabled: true,
          brandConfig: set.brand,
        },
        requester,
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS') return 'insufficient_credits';
      dependencies.logger.warn({ err: error, setId: set.id, prompt: index }, 'a tracked prompt was not admitted');
    }
  }
  return 'admitted';
}

async function untilAnswersEnd(dependencies: TrackingRunDependencies, em: EntityManager, requestIds: string[]): Promise<void> {
  const { queueWaitTimeoutMs, providerTimeoutMs } = dependencies.admission;
  // The liveness sweeper ends any run that outlives these; the margin only guards against waiting forever.
  const deadline = Date.now() + queueWaitTimeoutMs + providerTimeoutMs + 60_000;
  while ((await openRunCount(em, requestIds)) > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, dependencies.pollMs));
  }
}

function mailFacts(dependencies: TrackingRunDependencies, set: StoredTrackingSet, owner: User): TrackingMailFacts {
  return { to: owner.email, ownerName: owner.name, setName: set.name, brandName: set.brand.brandName, pageUrl: new URL(`/tracking?set=${set.id}`, dependencies.appUrl).toString() };
}

async function skipForCredits(
  dependencies: TrackingRunDependencies,
  em: EntityManager,
  set: StoredTrackingSet,
  owner: User,
  runId: string,
  needed: number,
  available: number,
): Promise<void> {
  await em.execute(`update tracking_runs set status = 'skipped', completed_at = now() where id = ? and status = 'running'`, [runId]);
  await pauseForCredits(dependencies, em, set, owner, needed, available);
}

async function pauseForCredits(
  dependencies: TrackingRunDependencies,
  em: EntityManager,
  set: StoredTrackingSet,
  owner: User,
  needed: number,
  available: number,
): Promise<void> {
  if (!(await pauseTrackingSet(em, set.id, 'insufficient_credits'))) return;
  await dependencies.unschedule(set.id);
  await dependencies.mailer
    .send(trackingPausedMail(mailFacts(dependencies, set, owner), needed, Math.max(0, available)))
    .catch((error: unknown) => dependencies.logger.error({ err: error, setId: set.id }, 'could not mail that a tracking set paused'));
}

async function alertOnDrop(dependencies: TrackingRunDependencies, em: EntityManager, set: StoredTrackingSet, owner: User, runId: string): Promise<void> {
  const [previous] = await em.execute<{ id: string }[]>(
    `select previous.id from tracking_runs as previous, tracking_runs as current
      where current.id = ? and previous.set_id = current.set_id and previous.status = 'completed' and previous.slot_start < current.slot_start
      order by previous.slot_start desc limit 1`,
    [runId],
  );
  if (!previous) return;
  const drops = dropsBetween(await runSummary(em, previous.id), await runSummary(em, runId), set.alertThreshold);
  if (drops.length === 0) return;
  await dependencies.mailer
    .send(trackingAlertMail(mailFacts(dependencies, set, owner), drops, set.alertThreshold))
    .catch((error: unknown) => dependencies.logger.error({ err: error, setId: set.id }, 'could not mail a tracking alert'));
}
