import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { ModelRun, OPEN_MODEL_RUN_STATUSES } from '../database/entities/model-run.ts';
import { SearchRequest } from '../database/entities/search-request.ts';
import type { BrandConfig } from '../../contract/ask.ts';
import type { ConversationTurn } from '../../contract/conversation.ts';
import { storeBrandMention, type BrandAnalysisOfRun } from '../brand/stored-brand-mentions.ts';
import { captureHold, releaseHold } from '../credits/credit-ledger.ts';
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
}

/**
 * Stores the answer (with its brand analysis, if any) and charges its hold. Undefined when the run was not running
 * (someone else ended it).
 */
export async function completeRun(
  em: EntityManager,
  runId: string,
  success: RunSuccess,
): Promise<{ creditsCharged: number; settlement: RunSettlement } | undefined> {
  return em.transactional(async (transaction) => {
    const updated = await transaction.nativeUpdate(
      ModelRun,
      { id: runId, status: 'running' },
      {
        status: 'completed',
        answerText: success.text,
        sources: success.sources,
        finishReason: success.finishReason,
        inputTokens: success.inputTokens,
        outputTokens: success.outputTokens,
        firstTokenAt: success.firstTokenAt,
        completedAt: new Date(),
      },
    );
    if (updated === 0) return undefined;
    // The answer, its charge and its brand analysis are one fact: all are written in this transaction, or none.
    const charged = await captureHold(transaction, runId);
    if (charged > 0) await transaction.nativeUpdate(ModelRun, { id: runId }, { creditsCharged: charged });
    const settlement = await settleRequestIfFinished(transaction, runId);
    // Brand monitoring is for signed-in people only (the tier rules refuse guests), so a row always has an owner.
    if (success.brand && settlement.userId) {
      await storeBrandMention(transaction, { runId, requestId: settlement.requestId, userId: settlement.userId }, success.brand);
    }
    return { creditsCharged: charged, settlement };
  });
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
  return em.transactional(async (transaction) => {
    const updated = await transaction.nativeUpdate(
      ModelRun,
      { id: runId, status: options.onlyWhile ?? { $in: [...OPEN_MODEL_RUN_STATUSES] } },
      { status: 'error', errorCode: failure.code, errorMessage: failure.message, completedAt: new Date() },
    );
    if (updated === 0) return undefined;
    // A failed answer costs nothing.
    await releaseHold(transaction, runId);
    return settleRequestIfFinished(transaction, runId);
  });
}

/**
 * When the last open run of a request ends, the request ends too: completed if any model answered, error if none
 * did. The request row is locked first so two runs ending at once cannot both see the other still open.
 */
async function settleRequestIfFinished(transaction: EntityManager, runId: string): Promise<RunSettlement> {
  const run = await transaction.findOneOrFail(ModelRun, runId, { fields: ['request'], refresh: true });
  const request = await transaction.findOneOrFail(SearchRequest, run.request.id, {
    lockMode: LockMode.PESSIMISTIC_WRITE,
    refresh: true,
  });
  const unfinished: RunSettlement = { requestId: request.id, userId: request.user?.id ?? null, requestFinished: false };
  const runs = await transaction.find(ModelRun, { request: request.id }, { refresh: true, orderBy: { createdAt: 'asc' } });
  if (runs.some((candidate) => OPEN_MODEL_RUN_STATUSES.includes(candidate.status))) return unfinished;
  const anyCompleted = runs.some((candidate) => candidate.status === 'completed');
  const firstError = runs.find((candidate) => candidate.status === 'error');
  const ended = await transaction.nativeUpdate(
    SearchRequest,
    { id: request.id, status: 'pending' },
    {
      status: anyCompleted ? 'completed' : 'error',
      errorMessage: anyCompleted ? null : (firstError?.errorMessage ?? 'The request failed'),
      completedAt: new Date(),
    },
  );
  // Only the ending that moved the request out of `pending` reports it, so the request is announced finished once.
  return { ...unfinished, requestFinished: ended > 0 };
}
