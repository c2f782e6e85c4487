import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConversationTurn } from '../../contract/conversation.ts';
import { FOLLOW_UP_LIMITS } from '../../contract/limits.ts';
import { AppError } from '../errors/index.ts';
import type { Requester } from '../credits/index.ts';
import { requestResults, type RunResult } from './request-results.ts';
import { isUnrevealedRound } from './sealed-rounds.ts';
import { CONTINUATION_TEXTS, type ContinueMode } from '../../contract/continuation.ts';
import { parseModelName, type ModelName } from './continuation.ts';

/** The wording of a refused follow-up. */
export const FOLLOW_UP_TEXTS = {
  notFound: 'The conversation to continue was not found.',
  retryNotFound: 'The answer to ask again was not found.',
  unfinished: 'Wait for every answer to finish before asking a follow-up.',
  tooLong: `A conversation can have at most ${FOLLOW_UP_LIMITS.turns} questions. Start a new one to go on.`,
  blindRound: 'Vote on the arena round before continuing it.',
  otherModel: (model: string) => `${model} was not part of this conversation: a follow-up continues the same models.`,
} as const;

export interface ThreadRow {
  id: string;
  query: string;
  created_at: string;
  /** 0 for the request read from, 1 for the one it follows up, and so on. */
  depth: number;
  user_id: string | null;
  guest_session_id: string | null;
  open_runs: number;
  /** How this request continued the one before it, and (with `carry`) whose answer it carried. */
  continue_mode: ContinueMode;
  carry_from: string | null;
  /** The request's runs and those of its retries, oldest answer first: a model's last completed one is its answer. */
  runs: { engine: string; model: string; status: string; answer_text: string | null }[];
}

/** The model named, as the question's models name it: by its catalogue name when it has one. */
export interface NamedModel extends ModelName {
  name: string;
}

/**
 * The conversation each model of a follow-up is given: for every earlier question of the thread (oldest first),
 * the question and an answer to it. The answer is the model's own (its newest, when it was asked again on its
 * own) unless the question after it carried one model's answer to all (`carry`), in which case every model is given
 * that one, as it was when that turn was asked. A turn with no answer to give (the model failed, was stopped or was
 * not asked) is left out. The thread is read in one query, walking `follow_up_of` from the request being continued,
 * which must be the caller's own and finished; the answer to carry must be one of its finished answers.
 */
export async function followUpConversations(
  em: EntityManager,
  requester: Pick<Requester, 'userId' | 'anonymousSessionId'>,
  followUpOf: string,
  models: readonly NamedModel[],
  carry: NamedModel | null = null,
): Promise<Map<string, ConversationTurn[]>> {
  const rows = await readThread(em, followUpOf);
  const continued = rows.find((row) => row.depth === 0);
  const owned = continued && (continued.user_id ? continued.user_id === requester.userId : continued.guest_session_id === requester.anonymousSessionId);
  // Someone else's request reads exactly like one that does not exist.
  if (!continued || !owned) throw new AppError('NOT_FOUND', FOLLOW_UP_TEXTS.notFound);
  if (rows.length >= FOLLOW_UP_LIMITS.turns) throw new AppError('VALIDATION_ERROR', FOLLOW_UP_TEXTS.tooLong);
  if (continued.open_runs > 0) throw new AppError('VALIDATION_ERROR', FOLLOW_UP_TEXTS.unfinished);
  // A blind round's models are its secret until the vote: continuing it (or being told which models it lacks) would tell.
  if (await isUnrevealedRound(em, followUpOf)) throw new AppError('VALIDATION_ERROR', FOLLOW_UP_TEXTS.blindRound);
  if (carry) {
    if (!continued.runs.some((run) => sameModel(run, carry))) throw new AppError('VALIDATION_ERROR', CONTINUATION_TEXTS.carryNotAsked(carry.name));
    if (!answerOf(continued, carry)) throw new AppError('VALIDATION_ERROR', CONTINUATION_TEXTS.carryUnanswered(carry.name));
  }

  // The answer each turn passed on, read off the question that followed it (the new one follows the last).
  const carriedFrom = rows.map((_, index) => {
    const next = rows[index + 1];
    return next ? (next.continue_mode === 'carry' ? parseModelName(next.carry_from) : null) : carry;
  });
  const conversations = new Map<string, ConversationTurn[]>();
  for (const wanted of models) {
    if (!continued.runs.some((run) => sameModel(run, wanted))) {
      throw new AppError('VALIDATION_ERROR', FOLLOW_UP_TEXTS.otherModel(wanted.name));
    }
    const turns: ConversationTurn[] = [];
    for (const [index, row] of rows.entries()) {
      const answer = answerOf(row, carriedFrom[index] ?? wanted);
      if (answer) turns.push({ role: 'user', content: row.query }, { role: 'assistant', content: answer });
    }
    conversations.set(conversationKey(wanted.engine, wanted.model), turns);
  }
  return conversations;
}

const sameModel = (a: ModelName, b: ModelName): boolean => a.engine === b.engine && a.model === b.model;

/** A model's answer in a turn: its newest that completed with text, when it was asked again on its own. */
const answerOf = (row: ThreadRow, model: ModelName): string | undefined =>
  row.runs.findLast((run) => sameModel(run, model) && run.status === 'completed' && run.answer_text)?.answer_text ?? undefined;

export function conversationKey(engine: string, model: string): string {
  return `${engine}/${model}`;
}

/**
 * A request and the ones it follows up, oldest first, each with its runs and those of its retries (a model asked
 * again on its own), in one query that walks `follow_up_of`. Stops after the longest thread allowed, so a corrupt
 * chain cannot loop.
 */
export async function readThread(em: EntityManager, requestId: string): Promise<ThreadRow[]> {
  return em.execute<ThreadRow[]>(
    `with recursive thread as (
       select id, query, created_at, follow_up_of, user_id, guest_session_id, continue_mode, carry_from, 0 as depth from search_requests where id = ?
       union all
       select parent.id, parent.query, parent.created_at, parent.follow_up_of, parent.user_id, parent.guest_session_id, parent.continue_mode,
              parent.carry_from, thread.depth + 1
         from search_requests parent join thread on parent.id = thread.follow_up_of
        where thread.depth < ?
     )
     select thread.id, thread.query, thread.created_at, thread.depth, thread.user_id, thread.guest_session_id, thread.continue_mode, thread.carry_from,
            (select count(*)::int from model_runs run join search_requests asked on asked.id = run.request_id
              where (asked.id = thread.id or asked.retry_of = thread.id) and run.status in ('queued', 'running')) as open_runs,
            coalesce((select json_agg(json_build_object('engine', run.engine, 'model', run.model, 'status', run.status, 'answer_text', run.answer_text)
                                      order by run.completed_at nulls first, run.created_at)
                        from model_runs run join search_requests asked on asked.id = run.request_id
                       where asked.id = thread.id or asked.retry_of = thread.id), '[]'::json) as runs
       from thread order by thread.depth desc`,
    [requestId, FOLLOW_UP_LIMITS.turns],
  );
}

/**
 * A retry names a request of the caller's own; anyone else's reads exactly like one that does not exist. Returns
 * the request the new answer is a version in: a retry of a retry is one more version of the same request.
 */
export async function checkRetryTarget(em: EntityManager, requester: Pick<Requester, 'userId' | 'anonymousSessionId'>, retryOf: string): Promise<string> {
  const rows = await em.execute<{ user_id: string | null; guest_session_id: string | null; retry_of: string | null }[]>(
    `select user_id, guest_session_id, retry_of from search_requests where id = ?`,
    [retryOf],
  );
  const target = rows[0];
  const owned = target && (target.user_id ? target.user_id === requester.userId : target.guest_session_id === requester.anonymousSessionId);
  if (!owned) throw new AppError('NOT_FOUND', FOLLOW_UP_TEXTS.retryNotFound);
  return target.retry_of ?? retryOf;
}

/** Every model's result in one turn of a conversation, a model asked again on its own showing its newest answer. */
export async function turnResults(em: EntityManager, requestId: string): Promise<RunResult[]> {
  const results = await requestResults(em, requestId);
  const retries = await em.execute<{ id: string }[]>(`select id from search_requests where retry_of = ? order by created_at`, [requestId]);
  for (const retry of retries) {
    for (const result of await requestResults(em, retry.id)) {
      const index = results.findIndex((candidate) => candidate.engine === result.engine && candidate.model === result.model);
      if (result.success && index >= 0) results[index] = result;
    }
  }
  return results;
}
