import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ModelCatalogue } from '../catalogue/index.ts';
import { User } from '../database/index.ts';
import type { TrackingJobData } from '../jobs/index.ts';
import { slotStart, trackingFinishJobId } from './tracking-jobs.ts';
import { markRunAdmitted, queueRunDeadline, queueRunFinish } from './tracking-run-finisher.ts';
import { trackingCost } from './tracking-cost.ts';
import { SURFACE_LABELS } from '../../contract/tracking.ts';
import { BASELINE_DAYS, significantDrop, visibilityWindows } from './tracking-alerts.ts';
import { pairedCells, pairedComparison } from './paired-cells.ts';
import { openAnswersOfRun, recordTrackingResults } from './tracking-results-recorder.ts';
import { findTrackingSet, pauseTrackingSet, type StoredTrackingSet } from './tracking-sets.ts';
import { requesterFor, spendableCreditsOf, type Requester } from '../credits/index.ts';
import { AppError } from '../errors/index.ts';
import type { Mailer } from '../mail/index.ts';
import {
  type CanaryReading,
  factContradictionAlertMail,
  trackingAlertMail,
  type TrackingMailFacts,
  trackingPausedMail,
} from '../mail/index.ts';
import { contradictionWindows, significantRise } from './tracking-fact-checks.ts';
import { setSurfaces } from './tracking-results-repository.ts';
import { canaryReadingOf, trackingCanary } from './canary-drift.ts';
import { admitRequest, type AdmissionServices } from '../requests/index.ts';

export interface TrackingRunDependencies {
  orm: MikroORM;
  admission: AdmissionServices;
  catalogue: ModelCatalogue;
  mailer: Mailer;
  logger: Logger;
  appSecret: string;
  appUrl: string;
  dayMs: number;
  /** The tracking queue, for the slot's finishing and deadline jobs. */
  queue: Queue<TrackingJobData>;
  /** Stops the schedule of a set that has been paused or deleted. */
  unschedule(setId: string): Promise<void>;
}

export interface TrackingSlotJob {
  id: string;
  setId: string;
  /** When the scheduler meant the job to run: which slot it belongs to. */
  scheduledAt: number;
}

/** How many of a slot's requests are admitted at once. */
const ADMISSIONS_AT_ONCE = 1;

export type TrackingSlotOutcome = 'admitted' | 'duplicate' | 'paused' | 'gone' | 'insufficient_credits';
export type TrackingFinishOutcome = 'completed' | 'waiting' | 'already_finished' | 'gone';

/**
 * Runs one slot of a tracked prompt set. The slot is claimed by inserting its row (unique per set and slot start):
 * a second worker given the same slot, or a job the scheduler produced again for it, finds the row taken and does
 * nothing; only a retry of the claiming job itself carries on where it stopped. Each prompt is then admitted
 * exactly as a person's comparison is (holds, per-model jobs, a charge per successful answer) under a request id
 * fixed at claim time, so a retry cannot admit a prompt twice. When the whole run cannot be afforded the set pauses
 * and its owner is told. Each prompt is asked `samplesPerCell` times, each time in its own request, so every
 * (prompt × model × country) cell gets that many readings. The job then ends: it holds no worker slot while the
 * answers run. The answer that ends the slot's last request queues `finishTrackingRun` (see
 * `core/tracking/tracking-run-finisher.ts`); a delayed deadline job finishes the slot anyway if that never comes.
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
  const cost = trackingCost(dependencies.catalogue, set.models, set.prompts.length, set.cadence, set.samplesPerCell, set.canaryPrompts.length).perRun;
  if (!claim.resumed) {
    const available = await spendableCreditsOf(em, requester);
    if (available < cost) {
      await skipForCredits(dependencies, em, set, owner, claim.runId, cost, available);
      return 'insufficient_credits';
    }
  }

  const admitted = await admitPrompts(dependencies, em, set, requester, claim);
  if (admitted === 'insufficient_credits') {
    const available = await spendableCreditsOf(em, requester);
    await pauseForCredits(dependencies, em, set, owner, cost, available);
  }
  // From here the answer that ends the slot's last request queues the finish. Answers that all ended while the
  // prompts were still being admitted announced nothing, so the slot looks once itself.
  await markRunAdmitted(em, claim.runId);
  const run = { id: claim.runId, setId: set.id };
  await queueRunDeadline(dependencies.queue, run, answerDeadlineMs(dependencies));
  if ((await openAnswersOfRun(em, claim.runId)) === 0) await queueRunFinish(dependencies.queue, run);
  return 'admitted';
}

/**
 * Records a slot's results once its answers have ended, completes it and tests it against the 7 days before. The
 * answer-driven job finishes only a slot with nothing open; the deadline's job finishes with whatever ended (the
 * liveness sweeper has ended anything that outlived its limits by then). Completing is conditional, so however
 * many of these run, one records the completion and one alert at most is mailed.
 */
export async function finishTrackingRun(dependencies: TrackingRunDependencies, job: { runId: string; deadline: boolean }): Promise<TrackingFinishOutcome> {
  const em = dependencies.orm.em.fork();
  const [row] = await em.execute<{ set_id: string; status: string; admitted: boolean }[]>(
    `select set_id, status, admitted_at is not null as admitted from tracking_runs where id = ?`,
    [job.runId],
  );
  if (!row) return 'gone';
  if (row.status !== 'running') return 'already_finished';
  if (!job.deadline && (!row.admitted || (await openAnswersOfRun(em, job.runId)) > 0)) return 'waiting';
  await recordTrackingResults(em, job.runId);
  const completed = await em.execute<{ id: string }[]>(
    `update tracking_runs set status = 'completed', completed_at = now() where id = ? and status = 'running' returning id`,
    [job.runId],
  );
  if (completed.length === 0) return 'already_finished';
  // The deadline is no longer needed; left in place it would only find the run finished.
  if (!job.deadline) await dependencies.queue.remove(trackingFinishJobId(job.runId, true)).catch(() => undefined);
  // Only the call that completed the run compares it, so an alert is mailed once.
  const set = await findTrackingSet(em, row.set_id);
  const owner = set && (await em.findOne(User, { id: set.userId }));
  if (set && owner) {
    await alertOnDrop(dependencies, em, set, owner, job.runId);
    await alertOnContradictions(dependencies, em, set, owner, job.runId);
  }
  return 'completed';
}

/**
 * Closes the slot a job claimed but could not finish (its last attempt failed): whatever answers ended are
 * recorded and the run is completed with them, so it does not show as running for ever.
 */
export async function closeAbandonedSlot(dependencies: Pick<TrackingRunDependencies, 'orm'>, jobId: string): Promise<void> {
  const em = dependencies.orm.em.fork();
  const [run] = await em.execute<{ id: string }[]>(`select id from tracking_runs where job_id = ? and status = 'running'`, [jobId]);
  if (run) await closeAbandonedRun(dependencies, run.id);
}

/** The same for a run whose deadline job gave up: the last chance to finish it, so it is closed without its test. */
export async function closeAbandonedRun(dependencies: Pick<TrackingRunDependencies, 'orm'>, runId: string): Promise<void> {
  const em = dependencies.orm.em.fork();
  await recordTrackingResults(em, runId);
  await em.execute(`update tracking_runs set status = 'completed', completed_at = now() where id = ? and status = 'running'`, [runId]);
}

interface SlotClaim {
  runId: string;
  requestIds: string[];
  /** How many requests each prompt has in `requestIds`: a prompt's samples sit side by side. */
  samplesPerCell: number;
  /** One request per canary prompt, kept apart so canary answers never count as brand readings. */
  canaryRequestIds: string[];
  /** The canary prompts as they stood when the slot was claimed, in the order of `canaryRequestIds`. */
  canaryPrompts: string[];
  /** A retry of the job that claimed the slot, continuing its work. */
  resumed: boolean;
}

async function claimSlot(em: EntityManager, set: StoredTrackingSet, job: TrackingSlotJob, dayMs: number): Promise<SlotClaim | undefined> {
  const slot = slotStart(job.scheduledAt, set.cadence, dayMs);
  const samplesPerCell = set.samplesPerCell;
  const requestIds = set.prompts.flatMap(() => Array.from({ length: samplesPerCell }, () => randomUUID()));
  const canaryRequestIds = set.canaryPrompts.map(() => randomUUID());
  const runId = randomUUID();
  const inserted = await em.execute<{ id: string }[]>(
    `insert into tracking_runs (id, set_id, slot_start, request_ids, samples_per_cell, job_id, canary_request_ids) values (?, ?, ?, ?::jsonb, ?, ?, ?::jsonb)
     on conflict (set_id, slot_start) do nothing returning id`,
    [runId, set.id, slot, JSON.stringify(requestIds), samplesPerCell, job.id, JSON.stringify(canaryRequestIds)],
  );
  if (inserted.length > 0) return { runId, requestIds, samplesPerCell, canaryRequestIds, canaryPrompts: set.canaryPrompts, resumed: false };
  const [existing] = await em.execute<{ id: string; request_ids: string[]; samples_per_cell: number; canary_request_ids: string[]; job_id: string | null; status: string }[]>(
    `select id, request_ids, samples_per_cell, canary_request_ids, job_id, status from tracking_runs where set_id = ? and slot_start = ?`,
    [set.id, slot],
  );
  if (!existing || existing.status !== 'running' || existing.job_id !== job.id) return undefined;
  // A retry asks the canary prompts of today's set for the ids it claimed; ids beyond today's prompts are skipped.
  const canaryPrompts = set.canaryPrompts.slice(0, existing.canary_request_ids.length);
  return { runId: existing.id, requestIds: existing.request_ids, samplesPerCell: existing.samples_per_cell, canaryRequestIds: existing.canary_request_ids, canaryPrompts, resumed: true };
}

/**
 * Admits each sample of each prompt not yet admitted (a retry skips those whose request exists): one request per
 * sample, so the samples are independent askings, not one answer counted three times. Then each canary prompt, once,
 * without brand monitoring. Starts no more after the first refusal for credits; other refusals (a model withdrawn
 * from the catalogue) skip that request and are logged.
 */
async function admitPrompts(
  dependencies: TrackingRunDependencies,
  em: EntityManager,
  set: StoredTrackingSet,
  requester: Requester,
  claim: SlotClaim,
): Promise<'admitted' | 'insufficient_credits'> {
  const { requestIds, samplesPerCell, canaryRequestIds, canaryPrompts } = claim;
  const askings = [
    ...requestIds.map((requestId, index) => ({ requestId, query: set.prompts[Math.floor(index / samplesPerCell)], canary: false })),
    ...canaryRequestIds.map((requestId, index) => ({ requestId, query: canaryPrompts[index], canary: true })),
  ];
  const existing = new Set(
    (
      await em.execute<{ id: string }[]>(`select id from search_requests where id in (select jsonb_array_elements_text(?::jsonb)::uuid)`, [
        JSON.stringify(askings.map((asking) => asking.requestId)),
      ])
    ).map((row) => row.id),
  );
  const pending = askings.filter((asking): asking is { requestId: string; query: string; canary: boolean } => asking.query !== undefined && !existing.has(asking.requestId));
  let refused = false;
  let next = 0;
  const admitNext = async () => {
    while (!refused && next < pending.length) {
      const { requestId, query, canary } = pending[next++]!;
      try {
        await admitRequest(
          dependencies.admission,
          {
            requestId,
            query,
            // A fixed temperature goes with each question to its model; without one the model answers at its default.
            selections: set.models.map(({ engine, model, temperature }) => ({ engine, model, ...(typeof temperature === 'number' ? { settings: { temperature } } : {}) })),
            kind: 'tracking',
            streamed: false,
            searchEnabled: false,
            aiOverviewParams: set.aiOverviewParams,
            // A canary names no brand and is read for drift only, never as a brand reading.
            brandMonitoringEnabled: !canary,
            brandConfig: canary ? null : set.brand,
          },
          requester,
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS') refused = true;
        else dependencies.logger.warn({ err: error, setId: set.id, query, canary }, 'a tracked prompt was not admitted');
      }
    }
  };
  // One at a time: admissions side by side for one owner were seen to lose a request now and then under load.
  await Promise.all(Array.from({ length: Math.min(ADMISSIONS_AT_ONCE, pending.length) }, admitNext));
  return refused ? 'insufficient_credits' : 'admitted';
}

/** How long after admission a slot finishes whatever happened: the sweeper ends any run that outlives these limits. */
function answerDeadlineMs(dependencies: TrackingRunDependencies): number {
  const { queueWaitTimeoutMs, providerTimeoutMs } = dependencies.admission;
  return queueWaitTimeoutMs + providerTimeoutMs + 60_000;
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

/**
 * Mails the owner when the run's visibility on a surface fell significantly below that surface's 7 days before it
 * (see `significantDrop`); a drop within the noise of AI answers sends nothing.
 */
async function alertOnDrop(dependencies: TrackingRunDependencies, em: EntityManager, set: StoredTrackingSet, owner: User, runId: string): Promise<void> {
  // Each surface is tested against its own baseline; a set reading several names the surface that fell.
  const surfaces = await visibilityWindows(em, runId, dependencies.dayMs);
  const cells = await pairedCells(em, runId, BASELINE_DAYS * dependencies.dayMs);
  let canaries: CanaryReading[] | undefined;
  for (const windows of surfaces) {
    const paired = pairedComparison(cells.get(windows.surface) ?? []);
    const drop = significantDrop({ ...windows, paired }, { pValue: set.alertPValue, minReadings: set.alertMinReadings });
    if (!drop) continue;
    const surface = surfaces.length > 1 ? SURFACE_LABELS[windows.surface] : undefined;
    canaries ??= await canaryReadings(dependencies, em, set, runId);
    await dependencies.mailer
      .send(trackingAlertMail(mailFacts(dependencies, set, owner), drop, set.alertPValue, surface, canaries))
      .catch((error: unknown) => dependencies.logger.error({ err: error, setId: set.id }, 'could not mail a tracking alert'));
  }
}

/**
 * Mails the owner when the run's answers contradicted the brand's fact sheet significantly more often than in the 7
 * days before it, on a surface (`significantRise`); nothing without fact-checks, or within the noise.
 */
async function alertOnContradictions(dependencies: TrackingRunDependencies, em: EntityManager, set: StoredTrackingSet, owner: User, runId: string): Promise<void> {
  if ((set.brand.facts?.length ?? 0) === 0) return;
  const surfaces = await setSurfaces(em, set.id);
  for (const surface of surfaces) {
    const windows = await contradictionWindows(em, set.id, runId, surface, dependencies.dayMs);
    const rise = significantRise(windows.current, windows.baseline, { pValue: set.alertPValue, minReadings: set.alertMinReadings });
    if (!rise) continue;
    await dependencies.mailer
      .send(factContradictionAlertMail(mailFacts(dependencies, set, owner), rise, set.alertPValue, surfaces.length > 1 ? SURFACE_LABELS[surface] : undefined))
      .catch((error: unknown) => dependencies.logger.error({ err: error, setId: set.id }, 'could not mail a fact-check alert'));
  }
}

/** What the canary prompts did in this run, per model, for the alert mail; none for a set without canaries. */
async function canaryReadings(dependencies: TrackingRunDependencies, em: EntityManager, set: StoredTrackingSet, runId: string): Promise<CanaryReading[]> {
  if (set.canaryPrompts.length === 0) return [];
  return canaryReadingOf(await trackingCanary(em, set), runId).map(({ engine, model, point }) => ({
    modelName: dependencies.catalogue.modelOf(engine, model)?.name ?? model,
    similarity: point.similarity ?? 0,
    usual: point.usual,
    changed: point.changed,
  }));
}
