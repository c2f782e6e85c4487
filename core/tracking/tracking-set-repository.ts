import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DEFAULT_ALERT_MIN_READINGS, DEFAULT_ALERT_P_VALUE, DEFAULT_ALERT_THRESHOLD, SAMPLES_PER_CELL, TRACKING_LIMITS, type TrackingRun, type TrackingSurface, type TrackingSet, type TrackingSetBody, type TrackingSetUpdate } from '../../contract/tracking.ts';
import type { ModelCatalogue } from '../catalogue/index.ts';
import { trackingCost } from './tracking-cost.ts';
import { SET_COLUMNS, setFromRow, type StoredTrackingSet } from './tracking-sets.ts';
import { SUMMARY_COLUMNS, summaryFromRow, type SummaryRow } from './tracking-summary.ts';
import { AppError } from '../errors/index.ts';

/** A user's tracked prompt sets: written and read in SQL, always scoped to their owner. */

const trimmed = (prompts: readonly string[]) => prompts.map((prompt) => prompt.trim());

const iso = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function createTrackingSet(em: EntityManager, userId: string, body: TrackingSetBody, aiOverviewParams: { gl: string; hl: string } | null): Promise<StoredTrackingSet> {
  const [count] = await em.execute<{ sets: number }[]>(`select count(*)::int as sets from tracking_sets where user_id = ?`, [userId]);
  if ((count?.sets ?? 0) >= TRACKING_LIMITS.setsPerUser) throw new AppError('VALIDATION_ERROR', `You can track at most ${TRACKING_LIMITS.setsPerUser} prompt sets.`);
  const id = randomUUID();
  await em.execute(
    `insert into tracking_sets (id, user_id, name, brand, prompts, models, ai_overview_params, cadence, alert_threshold,
                                samples_per_cell, alert_p_value, alert_min_readings, canary_prompts)
     values (?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?::jsonb)`,
    [id, userId, body.name.trim(), JSON.stringify(body.brand), JSON.stringify(trimmed(body.prompts)), JSON.stringify(body.models),
      aiOverviewParams ? JSON.stringify(aiOverviewParams) : null, body.cadence, body.alertThreshold ?? DEFAULT_ALERT_THRESHOLD,
      body.samplesPerCell ?? SAMPLES_PER_CELL.default, body.alertPValue ?? DEFAULT_ALERT_P_VALUE, body.alertMinReadings ?? DEFAULT_ALERT_MIN_READINGS,
      JSON.stringify(trimmed(body.canaryPrompts ?? []))],
  );
  return (await ownedTrackingSet(em, userId, id))!;
}

export async function ownedTrackingSet(em: EntityManager, userId: string, setId: string): Promise<StoredTrackingSet | undefined> {
  const rows = await em.execute<Parameters<typeof setFromRow>[0][]>(`select ${SET_COLUMNS} from tracking_sets where id = ? and user_id = ?`, [setId, userId]);
  return rows[0] ? setFromRow(rows[0]) : undefined;
}

export async function ownedTrackingSets(em: EntityManager, userId: string): Promise<StoredTrackingSet[]> {
  const rows = await em.execute<Parameters<typeof setFromRow>[0][]>(`select ${SET_COLUMNS} from tracking_sets where user_id = ? order by created_at desc`, [userId]);
  return rows.map(setFromRow);
}

/** Applies an edit; resuming clears the pause reason, pausing by hand records the owner as the reason. */
export async function updateTrackingSet(em: EntityManager, set: StoredTrackingSet, update: TrackingSetUpdate, aiOverviewParams: { gl: string; hl: string } | null): Promise<void> {
  const status = update.status ?? set.status;
  const pausedReason = status === 'active' ? null : update.status === 'paused' ? 'owner' : set.pausedReason;
  await em.execute(
    `update tracking_sets set name = ?, brand = ?::jsonb, prompts = ?::jsonb, models = ?::jsonb, ai_overview_params = ?::jsonb, cadence = ?,
            alert_threshold = ?, samples_per_cell = ?, alert_p_value = ?, alert_min_readings = ?, status = ?, paused_reason = ?,
            canary_prompts = ?::jsonb, updated_at = now()
      where id = ?`,
    [(update.name ?? set.name).trim(), JSON.stringify(update.brand ?? set.brand), JSON.stringify(trimmed(update.prompts ?? set.prompts)),
      JSON.stringify(update.models ?? set.models), aiOverviewParams ? JSON.stringify(aiOverviewParams) : null, update.cadence ?? set.cadence,
      update.alertThreshold ?? set.alertThreshold, update.samplesPerCell ?? set.samplesPerCell, update.alertPValue ?? set.alertPValue,
      update.alertMinReadings ?? set.alertMinReadings, status, pausedReason, JSON.stringify(trimmed(update.canaryPrompts ?? set.canaryPrompts)), set.id],
  );
  if (set.pausedReason === 'insufficient_credits' && status === 'active') {
    // The slot that was skipped for want of credits is freed, so the run the resumed schedule starts at once is not
    // refused as that slot's duplicate.
    await em.execute(
      `delete from tracking_runs where set_id = ? and status = 'skipped'
          and slot_start = (select max(slot_start) from tracking_runs where set_id = ?)`,
      [set.id, set.id],
    );
  }
}

export async function deleteTrackingSet(em: EntityManager, setId: string): Promise<void> {
  await em.execute(`delete from tracking_sets where id = ?`, [setId]);
}

interface RunRow extends SummaryRow {
  id: string;
  set_id: string;
  slot_start: string;
  status: TrackingRun['status'];
  started_at: string;
  completed_at: string | null;
  credits_charged: number;
  surface: TrackingSurface | null;
}

/**
 * The surface a run's numbers are read from: the asked one, else the first the run has (a plain model, then web
 * search, then the AI Overview). One surface only: surfaces are never averaged into one number. Takes one parameter.
 */
const RUN_SURFACE = `coalesce(?::text, (select first.surface from tracking_results as first where first.run_id = tracking.id
                                         order by array_position(array['model', 'web-search', 'ai-overview']::text[], first.surface::text) limit 1))`;

/** A run with its numbers on one surface, and what the whole run cost (its canary answers included). Takes the surface (or null) twice. */
const RUN_SELECT = `select tracking.id, tracking.set_id, ${iso('tracking.slot_start')} as slot_start, tracking.status, ${iso('tracking.started_at')} as started_at,
         case when tracking.completed_at is null then null else ${iso('tracking.completed_at')} end as completed_at,
         ${RUN_SURFACE} as surface,
         ((select coalesce(sum(cost.credits_charged), 0) from tracking_results as cost where cost.run_id = tracking.id)
          + (select coalesce(sum(canary.credits_charged), 0) from model_runs as canary
              where canary.request_id in (select jsonb_array_elements_text(tracking.canary_request_ids)::uuid)))::int as credits_charged, ${SUMMARY_COLUMNS}
    from tracking_runs as tracking left join tracking_results as result on result.run_id = tracking.id and result.surface = ${RUN_SURFACE}`;

function runFromRow(row: RunRow): TrackingRun {
  return {
    id: row.id,
    slotStart: row.slot_start,
    status: row.status,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    creditsCharged: row.credits_charged,
    surface: row.surface,
    summary: summaryFromRow(row),
  };
}

/** A set's runs, newest first, each with its numbers on `surface` (default: each run's first surface). */
export async function trackingRuns(em: EntityManager, setId: string, limit: number, surface?: TrackingSurface): Promise<TrackingRun[]> {
  const rows = await em.execute<RunRow[]>(`${RUN_SELECT} where tracking.set_id = ? group by tracking.id order by tracking.slot_start desc limit ?`, [
    surface ?? null,
    surface ?? null,
    setId,
    limit,
  ]);
  return rows.map(runFromRow);
}

/** The latest run of each of these sets. */
async function latestRuns(em: EntityManager, setIds: string[]): Promise<Map<string, TrackingRun>> {
  if (setIds.length === 0) return new Map();
  const rows = await em.execute<RunRow[]>(
    `${RUN_SELECT}
      where tracking.id in (select distinct on (set_id) id from tracking_runs where set_id in (select jsonb_array_elements_text(?::jsonb)::uuid) order by set_id, slot_start desc)
      group by tracking.id`,
    [null, null, JSON.stringify(setIds)],
  );
  return new Map(rows.map((row) => [row.set_id, runFromRow(row)]));
}

/** Sets in the contract's shape: with their latest run and what they cost. */
export async function describeTrackingSets(em: EntityManager, catalogue: ModelCatalogue, sets: StoredTrackingSet[]): Promise<TrackingSet[]> {
  const latest = await latestRuns(em, sets.map((set) => set.id));
  return sets.map((set) => ({
    id: set.id,
    name: set.name,
    brand: set.brand,
    prompts: set.prompts,
    models: set.models,
    aiOverviewParams: set.aiOverviewParams,
    cadence: set.cadence,
    alertThreshold: set.alertThreshold,
    samplesPerCell: set.samplesPerCell,
    canaryPrompts: set.canaryPrompts,
    alertPValue: set.alertPValue,
    alertMinReadings: set.alertMinReadings,
    status: set.status,
    pausedReason: set.pausedReason,
    createdAt: set.createdAt,
    lastRun: latest.get(set.id) ?? null,
    cost: trackingCost(catalogue, set.models, set.prompts.length, set.cadence, set.samplesPerCell, set.canaryPrompts.length),
  }));
}
