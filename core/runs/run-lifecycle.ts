import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { OPEN_MODEL_RUN_STATUSES } from '../database/index.ts';
import type { BrandConfig } from '../../contract/ask.ts';
import type { StoredColumnSettings } from '../../contract/column-settings.ts';
import type { ConversationTurn } from '../../contract/conversation.ts';
import type { SearchTrail } from '../../contract/search-trail.ts';
import { storeBrandMention, type BrandAnalysisOfRun } from '../brand/index.ts';
import type { AnswerSource } from '../events/index.ts';
import type { RunSettlement } from '../credits/index.ts';
import { CAPTURE_HOLD_CTES, HELD_AMOUNT_OF_RUN, RELEASE_HOLD_CTES } from '../credits/index.ts';

/**
 * A run moves queued → running → completed | error, and every move is a conditional UPDATE: BullMQ delivers a
 * job at least once and several parties may try to end the same run (the worker, a server that saw its worker
 * die, the sweeper), so exactly one of them wins and the others learn they lost.
 */

export interface ClaimedRun {
  runId: string;
  requestId: string;
  engine: string;
  model: string;
  query: string;
  searchEnabled: boolean;
  aiOverviewParams: { gl: string; hl: string } | null;
  /** The brand to look for in the answer; null when the request does not monitor one. */
  brandConfig: BrandConfig | null;
  /**
   * Turns before the question when it continues a conversation (a follow-up's own thread for this model, or the
   * turns an OpenAI-compatible call sent); empty for a lone question.
   */
  conversation: ConversationTurn[];
  /** This model's own settings (system prompt, temperature); null when it is asked without any. */
  settings: StoredColumnSettings | null;
}

/** Claims and reads the run in one round trip: it sits on the path to every answer's first token. */
export async function claimRun(em: EntityManager, runId: string): Promise<ClaimedRun | undefined> {
  const rows = await em.execute<ClaimedRunRow[]>(
    `update model_runs as run
        set status = 'running', started_at = now()
       from search_requests as request
      where run.id = ? and run.status = 'queued' and request.id = run.request_id
  returning run.id as run_id, run.request_id, run.engine, run.model, request.query, request.search_enabled,
            request.ai_overview_params, case when request.brand_monitoring_enabled then request.brand_config end as brand_config,
            coalesce(run.conversation, request.conversation) as conversation, run.settings`,
    [runId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    runId: row.run_id,
    requestId: row.request_id,
    engine: row.engine,
    model: row.model,
    query: row.query,
    searchEnabled: row.search_enabled,
    aiOverviewParams: row.ai_overview_params,
    brandConfig: row.brand_config,
    conversation: row.conversation ?? [],
    settings: row.settings,
  };
}

interface ClaimedRunRow {
  run_id: string;
  request_id: string;
  engine: string;
  model: string;
  query: string;
  search_enabled: boolean;
  ai_overview_params: { gl: string; hl: string } | null;
  brand_config: BrandConfig | null;
  conversation: ConversationTurn[] | null;
  settings: StoredColumnSettings | null;
}

export interface RunSuccess {
  text: string;
  sources: AnswerSource[];
  /** What the model searched, retrieved and cited (web search answers only); null or absent when it reported none. */
  searchTrail?: SearchTrail | null;
  finishReason: string | null;
  /** The model version the provider reported answering with; null or absent when it reported none. */
  modelVersion?: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /** Of the input tokens, those read from the provider's cache; null or absent when the model does not report them. */
  cachedTokens?: number | null;
  /** Of the output tokens, those spent reasoning; null or absent when the model does not report them. */
  reasoningTokens?: number | null;
  firstTokenAt: Date | null;
  /** The answer's brand analysis, when its request monitors a brand: stored with the answer. */
  brand: BrandAnalysisOfRun | null;
}

/** The stored facts of a completed run that its end event reports besides the answer itself. */
export interface StoredCompletion {
  creditsCharged: number;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date;
  firstTokenAt: Date | null;
}

/*
 * Ending a run is one SQL statement, so one round trip and its own transaction: the run's row (a conditional
 * UPDATE decides who ends it), its hold and the payer's account, then the request. Rows are locked in the same order
 * on every path (the run, then the account, then the request: the request's lock waits for the account's update),
 * so two endings never wait on each other in opposite orders. The request counts its open and answered runs on its
 * own row; the ending that takes `open_runs` to 0 ends the request. Locking that row (`for update`) reads it as the
 * last ending committed it, so two runs ending at once cannot both miss the other.
 */

/** The request's part of an ending: lock its row after the account's, count this run out, end it if it was the last. */
function settleRequestSql(outcome: 'answered' | 'failed'): string {
  const finishing = `before.open_runs <= 1 and before.status = 'pending'`;
  const answered = outcome === 'answered' ? 'true' : 'before.answered_runs > 0';
  return `request_before as (
       select request.id, request.user_id, request.open_runs, request.answered_runs, request.status
         from search_requests as request
        where request.id = (select request_id from ended) and (select count(*) from account) >= 0
          for update
     ), settled as (
       update search_requests as request
          set open_runs = greatest(before.open_runs - 1, 0),
              answered_runs = before.answered_runs + ${outcome === 'answered' ? 1 : 0},
              status = case when ${finishing} then (case when ${answered} then 'completed' else 'error' end) else request.status end,
              error_message = case when ${finishing} then (case when ${answered} then null else coalesce(
                (select run.error_message from model_runs as run where run.request_id = request.id and run.status = 'error'
                  order by run.position limit 1), ?) end) else request.error_message end,
              completed_at = case when ${finishing} then now() else request.completed_at end
         from request_before as before
        where request.id = before.id
       returning request.id
     )`;
}

/** What the statements return about the request besides the run. */
const SETTLEMENT_COLUMNS = `(select remaining from account) as remaining, before.user_id,
       coalesce(before.open_runs <= 1 and before.status = 'pending', false) as request_finished,
       (select count(*) from settled)::int as settled`;

/**
 * Stores the answer (with its brand analysis, if any) and charges its hold. Undefined when the run was not running
 * (someone else ended it).
 */
export async function completeRun(
  em: EntityManager,
  runId: string,
  success: RunSuccess,
): Promise<{ creditsCharged: number; settlement: RunSettlement; stored: StoredCompletion } | undefined> {
  const complete = async (connection: EntityManager) => {
    const [ended] = await connection.execute<(CompletedRunRow & SettlementRow)[]>(
      `with ended as (
         update model_runs as run
            set status = 'completed', answer_text = ?, sources = ?::jsonb, search_trail = ?::jsonb, finish_reason = ?, model_version = ?, input_tokens = ?,
                output_tokens = ?, cached_tokens = ?, reasoning_tokens = ?, first_token_at = ?, completed_at = now(),
                credits_charged = ${HELD_AMOUNT_OF_RUN}
          where run.id = ? and run.status = 'running'
         returning run.id, run.request_id, run.credits_charged, run.created_at, run.started_at, run.completed_at, run.first_token_at
       ), ${CAPTURE_HOLD_CTES}, ${settleRequestSql('answered')}
       select ended.*, ${SETTLEMENT_COLUMNS} from ended left join request_before as before on true`,
      [
        success.text,
        JSON.stringify(success.sources),
        success.searchTrail ? JSON.stringify(success.searchTrail) : null,
        success.finishReason,
        success.modelVersion ?? null,
        success.inputTokens,
        success.outputTokens,
        success.cachedTokens ?? null,
        success.reasoningTokens ?? null,
        success.firstTokenAt,
        runId,
        randomUUID(),
        'The request failed',
      ],
    );
    if (!ended) return undefined;
    const settlement = settlementFrom(ended);
    // The answer, its charge and its brand analysis are one fact: with an analysis, both are written in one
    // transaction. Brand monitoring is for signed-in people only (the tier rules refuse guests), so a row always
    // has an owner.
    if (success.brand && settlement.userId) {
      await storeBrandMention(connection, { runId, requestId: settlement.requestId, userId: settlement.userId }, success.brand);
    }
    const creditsCharged = Number(ended.credits_charged);
    return {
      creditsCharged,
      settlement,
      stored: {
        creditsCharged,
        createdAt: new Date(ended.created_at),
        startedAt: ended.started_at ? new Date(ended.started_at) : null,
        completedAt: new Date(ended.completed_at),
        firstTokenAt: ended.first_token_at ? new Date(ended.first_token_at) : null,
      },
    };
  };
  // Without a brand analysis the one statement is the whole transaction.
  return success.brand ? em.transactional(complete) : complete(em);
}

interface CompletedRunRow {
  id: string;
  request_id: string;
  credits_charged: number | string;
  created_at: Date | string;
  started_at: Date | string | null;
  completed_at: Date | string;
  first_token_at: Date | string | null;
}

interface SettlementRow {
  request_id: string;
  remaining: string | number | null;
  user_id: string | null;
  request_finished: boolean;
  settled: number;
}

function settlementFrom(row: SettlementRow): RunSettlement {
  if (row.settled !== 1) throw new Error(`run of request ${row.request_id} ended but its request was not found`);
  return {
    requestId: row.request_id,
    userId: row.user_id,
    // Only the ending that took the request out of `pending` reports it, so the request is announced finished once.
    requestFinished: row.request_finished,
    ...(row.remaining === null || row.remaining === undefined ? {} : { creditsRemaining: Number(row.remaining) }),
  };
}

export interface RunFailure {
  code: string;
  message: string;
}

export async function failRun(em: EntityManager, runId: string, failure: RunFailure): Promise<boolean> {
  return (await failRunWithSettlement(em, runId, failure)) !== undefined;
}

export interface FailRunOptions {
  /** End the run only while it is in this state (a checker that judged it from a possibly stale view). */
  onlyWhile?: 'queued' | 'running';
}

/** `failRun` that also says what the ending changed. Undefined when the run had already ended. A failed answer costs nothing. */
export async function failRunWithSettlement(
  em: EntityManager,
  runId: string,
  failure: RunFailure,
  options: FailRunOptions = {},
): Promise<RunSettlement | undefined> {
  const endable = options.onlyWhile ? [options.onlyWhile] : [...OPEN_MODEL_RUN_STATUSES];
  const [ended] = await em.execute<SettlementRow[]>(
    `with ended as (
       update model_runs set status = 'error', error_code = ?, error_message = ?, completed_at = now()
        where id = ? and status = any(?::text[])
       returning id, request_id
     ), ${RELEASE_HOLD_CTES}, ${settleRequestSql('failed')}
     select ended.request_id, ${SETTLEMENT_COLUMNS} from ended left join request_before as before on true`,
    [failure.code, failure.message, runId, `{${endable.join(',')}}`, failure.message],
  );
  return ended ? settlementFrom(ended) : undefined;
}
