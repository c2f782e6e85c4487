import type { EntityManager } from '@mikro-orm/postgresql';
import type { BrandConfig } from '../../contract/ask.ts';
import type { TrackingCadence } from '../../contract/tracking.ts';

/** A tracked prompt set as stored: what the worker asks each slot, and what the pages show and edit. */
export interface StoredTrackingSet {
  id: string;
  userId: string;
  name: string;
  brand: BrandConfig;
  prompts: string[];
  /** The set's models; `temperature`, when set, is sent with every tracked question to that model. */
  models: { engine: string; model: string; temperature?: number | null }[];
  aiOverviewParams: { gl: string; hl: string } | null;
  cadence: TrackingCadence;
  alertThreshold: number;
  /** Times each cell is asked per run. */
  samplesPerCell: number;
  /** Brand-free questions asked of every model once per run (see `canary-drift.ts`). */
  canaryPrompts: string[];
  alertPValue: number;
  alertMinReadings: number;
  status: 'active' | 'paused';
  pausedReason: 'owner' | 'insufficient_credits' | null;
  createdAt: string;
}

interface SetRow {
  id: string;
  user_id: string;
  name: string;
  brand: BrandConfig;
  prompts: string[];
  models: { engine: string; model: string; temperature?: number | null }[];
  ai_overview_params: { gl: string; hl: string } | null;
  cadence: TrackingCadence;
  alert_threshold: number;
  samples_per_cell: number;
  canary_prompts: string[];
  alert_p_value: number;
  alert_min_readings: number;
  status: 'active' | 'paused';
  paused_reason: 'owner' | 'insufficient_credits' | null;
  created_at: string;
}

export const SET_COLUMNS = `id, user_id, name, brand, prompts, models, ai_overview_params, cadence, alert_threshold, samples_per_cell, canary_prompts,
  alert_p_value::float8 as alert_p_value, alert_min_readings, status, paused_reason,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

export function setFromRow(row: SetRow): StoredTrackingSet {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    brand: row.brand,
    prompts: row.prompts,
    models: row.models,
    aiOverviewParams: row.ai_overview_params,
    cadence: row.cadence,
    alertThreshold: row.alert_threshold,
    samplesPerCell: row.samples_per_cell,
    canaryPrompts: row.canary_prompts,
    // Stored as real: rounded back to the few decimals it was given, so 0.05 reads 0.05 and not 0.0500000007.
    alertPValue: Number(row.alert_p_value.toPrecision(6)),
    alertMinReadings: row.alert_min_readings,
    status: row.status,
    pausedReason: row.paused_reason,
    createdAt: row.created_at,
  };
}

export async function findTrackingSet(em: EntityManager, setId: string): Promise<StoredTrackingSet | undefined> {
  const rows = await em.execute<SetRow[]>(`select ${SET_COLUMNS} from tracking_sets where id = ?`, [setId]);
  return rows[0] ? setFromRow(rows[0]) : undefined;
}

/** Every active set (to re-create their schedules should Redis have lost them). */
export async function activeTrackingSets(em: EntityManager): Promise<StoredTrackingSet[]> {
  const rows = await em.execute<SetRow[]>(`select ${SET_COLUMNS} from tracking_sets where status = 'active'`);
  return rows.map(setFromRow);
}

/** Pauses an active set; true when this call paused it (so only one caller tells the owner). */
export async function pauseTrackingSet(em: EntityManager, setId: string, reason: 'owner' | 'insufficient_credits'): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update tracking_sets set status = 'paused', paused_reason = ?, updated_at = now() where id = ? and status = 'active' returning id`,
    [reason, setId],
  );
  return rows.length > 0;
}
