import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { OPEN_MODEL_RUN_STATUSES } from '../database/entities/model-run.ts';
import type { BrandConfig } from '../../contract/ask.ts';
import type { ConversationTurn } from '../../contract/conversation.ts';
import { storeBrandMention, type BrandAnalysisOfRun } from '../brand/stored-brand-mentions.ts';
import type { AnswerSource } from '../events/run-event.ts';

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
            coalesce(run.conversation, request.conversation) as conversation`,
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
}

export interface RunSuccess {
  text: string;
  sources: AnswerSource[];
  finishReason: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  firstTokenAt: Date | null;
  /** The answer's brand analysis, when its request monitors a brand: stored with the answer. */
  brand: BrandAnalysisOfRun | null;
}

/**
 * What ending a run changed for its owner, so the caller can tell their open tabs once the transaction has
 * committed (the transaction itself never talks to Redis).
 */
export interface RunSettlement {
  requestId: string;
  /** The signed-in owner; null for a guest's request. */
  userId: string | null;
  /** This run was the request's last open one, so ending it ended the request. */
  requestFinished: boolean;
  /** What the payer can spend right after this ending (balance − held), when it moved their credits. */
  creditsRemaining?: number;
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
 * Ending a run is a few plain statements in one transaction, in the same order on every path (the run, then its
 * hold and the payer's account, then the request), so two endings never wait on each other in opposite orders:
 *   1. the run's row, its hold and the account, in one statement (a conditional UPDATE decides who ends the run);
 *   2. the request's row is locked;
 *   3. the request ends if no run is open any more. This reads the other runs in a statement that starts after the
 *      lock is held, so two runs ending at once cannot both see the other one still open.
 */

/**
 * Stores the answer (with its brand analysis, if any) and charges its hold. Undefined when the run was not running
 * (someone else ended it).
 */
export async function completeRun(
  em: EntityManager,
  runId: string,
  success: RunSuccess,
): Promise<{ creditsCharged: number; settlement: RunSettlement; stored: StoredCompletion } | undefined> {
  return em.transactional(async (transaction) => {
    const [ended] = await transaction.execute<CompletedRunRow[]>(
      `with ended as (
         update model_runs as run
            set status = 'completed', answer_text = ?, sources = ?::jsonb, finish_reason = ?, input_tokens = ?,
                output_tokens = ?, first_token_at = ?, completed_at = now(),
                credits_charged = coalesce((select hold.amount from credit_holds as hold
                                             where hold.run_id = run.id and hold.status = 'held' for update), 0)
          where run.id = ? and run.status = 'running'
         returning run.id, run.request_id, run.credits_charged, run.created_at, run.started_at, run.completed_at, run.first_token_at
       ), captured as (
         update credit_holds as hold set status = 'captured', resolved_at = now()
           from ended where hold.run_id = ended.id and hold.status = 'held'
         returning hold.account_id, hold.amount, hold.run_id
       ), charge as (
         insert into credit_entries (id, account_id, kind, amount, reference)
         select ?, account_id, 'charge', -amount, 'charge:' || run_id from captured
       ), account as (
         update credit_accounts as account set balance = account.balance - captured.amount, held = account.held - captured.amount
           from captured where account.id = captured.account_id
         returning account.balance - account.held as remaining
       )
       select ended.*, (select remaining from account) as remaining from ended`,
      [
        success.text,
        JSON.stringify(success.sources),
        success.finishReason,
        success.inputTokens,
        success.outputTokens,
        success.firstTokenAt,
        runId,
        randomUUID(),
      ],
    );
    if (!ended) return undefined;
    const settlement = await settleRequest(transaction, ended.request_id, ended.remaining);
    // The answer, its charge and its brand analysis are one fact: all are written in this transaction, or none.
    // Brand monitoring is for signed-in people only (the tier rules refuse guests), so a row always has an owner.
    if (success.brand && settlement.userId) {
      await storeBrandMention(transaction, { runId, requestId: settlement.requestId, userId: settlement.userId }, success.brand);
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
  });
}

interface CompletedRunRow {
  id: string;
  request_id: string;
  credits_charged: number | string;
  created_at: Date | string;
  started_at: Date | string | null;
  completed_at: Date | string;
  first_token_at: Date | string | null;
  remaining: string | number | null;
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

/** `failRun` that also says what the ending changed. Undefined when the run had already ended. */
export async function failRunWithSettlement(
  em: EntityManager,
  runId: string,
  failure: RunFailure,
  options: FailRunOptions = {},
): Promise<RunSettlement | undefined> {
  const endable = options.onlyWhile ? [options.onlyWhile] : [...OPEN_MODEL_RUN_STATUSES];
  return em.transactional(async (transaction) => {
    // A failed answer costs nothing: its hold is released.
    const [ended] = await transaction.execute<{ request_id: string; remaining: string | number | null }[]>(
      `with ended as (
         update model_runs set status = 'error', error_code = ?, error_message = ?, completed_at = now()
          where id = ? and status = any(?::text[])
         returning id, request_id
       ), released as (
         update credit_holds as hold set status = 'released', resolved_at = now()
           from ended where hold.run_id = ended.id and hold.status = 'held'
         returning hold.account_id, hold.amount
       ), account as (
         update credit_accounts as account set held = account.held - released.amount
           from released where account.id = released.account_id
         returning account.balance - account.held as remaining
       )
       select ended.request_id, (select remaining from account) as remaining from ended`,
      [failure.code, failure.message, runId, `{${endable.join(',')}}`],
    );
    if (!ended) return undefined;
    return settleRequest(transaction, ended.request_id, ended.remaining);
  });
}

/**
 * When the last open run of a request ends, the request ends too: completed if any model answered, error if none
 * did (with the first failed model's message). Steps 2 and 3 above.
 */
async function settleRequest(transaction: EntityManager, requestId: string, remaining: string | number | null): Promise<RunSettlement> {
  const [request] = await transaction.execute<{ user_id: string | null }[]>(`select user_id from search_requests where id = ? for update`, [requestId]);
  const finished = await transaction.execute<{ id: string }[]>(
    `update search_requests as request
        set status = case when answered then 'completed' else 'error' end,
            error_message = case when answered then null else coalesce(first_error, 'The request failed') end,
            completed_at = now()
       from (select exists (select 1 from model_runs where request_id = ? and status = 'completed') as answered,
                    (select error_message from model_runs where request_id = ? and status = 'error'
                      order by position, created_at limit 1) as first_error) as outcome
      where request.id = ? and request.status = 'pending'
        and not exists (select 1 from model_runs where request_id = request.id and status in ('queued', 'running'))
      returning request.id`,
    [requestId, requestId, requestId],
  );
  return {
    requestId,
    userId: request?.user_id ?? null,
    // Only the ending that moved the request out of `pending` reports it, so the request is announced finished once.
    requestFinished: finished.length > 0,
    ...(remaining === null || remaining === undefined ? {} : { creditsRemaining: Number(remaining) }),
  };
}
