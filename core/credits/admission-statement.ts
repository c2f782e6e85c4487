import type { StoredColumnSettings } from '../../contract/column-settings.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { CreditOwner } from './credit-ledger.ts';

/** One model's run as admitted: its id, what it is and the credits held for it. */
export interface AdmissionRun {
  runId: string;
  engine: string;
  model: string;
  credits: number;
  /** Earlier turns of this model's side of a follow-up thread; null for a lone question. */
  conversation: unknown[] | null;
  /** The model's own settings (system prompt, temperature); null when none. */
  settings: StoredColumnSettings | null;
}

/** The request row as admitted, in its columns' terms. */
export interface AdmissionRow {
  requestId: string;
  query: string;
  kind: string;
  streamed: boolean;
  engine: string | null;
  model: string | null;
  searchEnabled: boolean;
  aiOverviewParams: unknown;
  brandMonitoringEnabled: boolean;
  brandConfig: unknown;
  userId: string | null;
  guestKey: string | null;
  guestSessionId: string | null;
  apiKeyId: string | null;
  conversation: unknown[] | null;
  followUpOf: string | null;
  retryOf: string | null;
  continueMode: string;
  carryFrom: string | null;
  versionOf: string | null;
}

export type AdmissionOutcome =
  /** Holds placed and rows written; what the payer has left to spend. */
  | { status: 'admitted'; creditsRemaining: number }
  /** `balance − held` does not cover the total: nothing was written. */
  | { status: 'insufficient' }
  /** The owner has no credit account yet (their first question): nothing was written. */
  | { status: 'no-account' };

/**
 * Admits a question in one SQL statement, so one round trip to Postgres instead of seven (begin, lock, hold,
 * account, request, run, commit): it locks the payer's account row, and only if `balance − held` covers the total
 * does it place a hold per run, add them to `held`, and write the request and its runs. A single statement is one
 * transaction; either all of it happens or none.
 *
 * Why the check is exact under concurrency: `for update` waits for any other admission holding the row and then
 * reads the row as that one committed it (not the statement's older snapshot), and the `update` of `held` applies
 * to that same latest version. The table's CHECK (`held <= balance`) backs this up. Run inside a transaction that
 * already holds the lock (the API-key cap check does), the lock is simply held already.
 */
export async function insertAdmission(
  em: EntityManager,
  owner: CreditOwner,
  request: AdmissionRow,
  runs: AdmissionRun[],
  holdExpiresAt: Date,
): Promise<AdmissionOutcome> {
  const [ownerColumn, ownerValue] = 'userId' in owner ? ['user_id', owner.userId] : ['guest_key', owner.guestKey];
  const totalCredits = runs.reduce((sum, run) => sum + run.credits, 0);
  const runRecords = runs.map((run, position) => ({
    id: run.runId,
    hold_id: randomUUID(),
    engine: run.engine,
    model: run.model,
    position,
    credits: run.credits,
    conversation: run.conversation,
    settings: run.settings,
  }));
  const rows = await em.execute<{ accounts: number; remaining: string | null }[]>(
    `with account as (
       select id, balance, held from credit_accounts where ${ownerColumn} = ? for update
     ), admitted as (
       select id from account where balance - held >= ?
     ), charged as (
       update credit_accounts as target set held = target.held + ?
         from admitted where target.id = admitted.id
       returning target.balance - target.held as remaining
     ), run as (
       select * from jsonb_to_recordset(?::jsonb)
         as run(id uuid, hold_id uuid, engine text, model text, position smallint, credits bigint, conversation jsonb, settings jsonb)
     ), hold as (
       insert into credit_holds (id, account_id, run_id, amount, expires_at)
       select run.hold_id, admitted.id, run.id, run.credits, ? from admitted cross join run where run.credits > 0
     ), request as (
       insert into search_requests (id, query, kind, streamed, engine, model, search_enabled, ai_overview_params,
                                    brand_monitoring_enabled, brand_config, user_id, guest_key, guest_session_id,
                                    api_key_id, conversation, follow_up_of, retry_of, continue_mode, carry_from, version_of,
                                    open_runs, created_at)
       select ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?::jsonb, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, now() from admitted
       returning id
     ), written_runs as (
       insert into model_runs (id, request_id, engine, model, position, conversation, settings, created_at)
       select run.id, request.id, run.engine, run.model, run.position, run.conversation, run.settings, now() from request cross join run
     )
     select (select count(*) from account)::int as accounts, (select remaining from charged) as remaining`,
    [
      ownerValue,
      totalCredits,
      totalCredits,
      JSON.stringify(runRecords),
      holdExpiresAt,
      request.requestId,
      request.query,
      request.kind,
      request.streamed,
      request.engine,
      request.model,
      request.searchEnabled,
      jsonOrNull(request.aiOverviewParams),
      request.brandMonitoringEnabled,
      jsonOrNull(request.brandConfig),
      request.userId,
      request.guestKey,
      request.guestSessionId,
      request.apiKeyId,
      jsonOrNull(request.conversation),
      request.followUpOf,
      request.retryOf,
      request.continueMode,
      request.carryFrom,
      request.versionOf,
      runs.length,
    ],
  );
  const row = rows[0]!;
  if (row.accounts === 0) return { status: 'no-account' };
  if (row.remaining === null) return { status: 'insufficient' };
  return { status: 'admitted', creditsRemaining: Number(row.remaining) };
}

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
