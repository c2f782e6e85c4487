import type { EntityManager } from '@mikro-orm/postgresql';
import type { ArenaRound, ArenaVoteBody, ArenaVoteCounted } from '../../contract/arena.ts';
import type { ModelResult } from '../../contract/model-result.ts';
import { nameMask } from './blind-text.ts';
import { voteOutcomes } from './vote-outcomes.ts';
import type { ModelRun, SearchRequest } from '../database/index.ts';
import { AppError } from '../errors/index.ts';
import { requestResults } from '../requests/index.ts';
import { labelledAnswers } from './blind-results.ts';
import { loadArenaRound, roundLabels, type StoredArenaRound } from './arena-rounds.ts';
import { answerStyle, type AnswerStyle } from './answer-style.ts';
import { voteWeight, type VoteWeight } from './vote-weight.ts';
import { voteCounted } from './vote-counting.ts';

const ENDED = new Set(['completed', 'error']);

async function storedRound(em: EntityManager, searchRequest: SearchRequest): Promise<StoredArenaRound> {
  const round = searchRequest.kind === 'arena' ? await loadArenaRound(em, searchRequest.id) : null;
  if (!round) throw new AppError('NOT_FOUND', 'Arena round not found');
  return round;
}

interface StoredVoteRow {
  vote: ArenaVoteBody;
  weight: number;
  dropped_reason: 'read_too_fast' | null;
  reading_seconds: number | null;
  account_age_seconds: number | null;
}

/** The round's vote and what it counted for; null before the vote. */
async function storedVote(em: EntityManager, requestId: string, results: readonly ModelResult[]): Promise<{ vote: ArenaVoteBody; counted: ArenaVoteCounted } | null> {
  // The account's age at the vote: the round was revealed by it, in the same statement that stored it.
  const [row] = await em.execute<StoredVoteRow[]>(
    `select vote.vote, vote.weight, vote.dropped_reason, vote.reading_seconds,
            extract(epoch from round.revealed_at - voter.created_at)::float8 as account_age_seconds
       from arena_votes vote
       join arena_rounds round on round.request_id = vote.request_id
       left join users voter on voter.id = vote.user_id
      where vote.request_id = ?`,
    [requestId],
  );
  if (!row) return null;
  const placeable = results.filter((result) => result.success).map((result) => answerStyle(result.response ?? '').words);
  const counted = voteCounted({
    verdict: row.vote.verdict,
    weight: Number(row.weight),
    droppedReason: row.dropped_reason,
    readingSeconds: row.reading_seconds === null ? null : Number(row.reading_seconds),
    shortestAnswerWords: placeable.length > 0 ? Math.min(...placeable) : 0,
    accountAgeSecondsAtVote: row.account_age_seconds === null ? null : Number(row.account_age_seconds),
  });
  return { vote: row.vote, counted };
}

/** A round as its player sees it: blind until the vote, then every name, cost and timing. */
export async function arenaRoundView(em: EntityManager, searchRequest: SearchRequest, runs: readonly ModelRun[]): Promise<ArenaRound> {
  const round = await storedRound(em, searchRequest);
  const labels = roundLabels(round, runs.map((run) => run.id));
  const results = await requestResults(em, searchRequest.id);
  const revealed = round.revealedAt !== null;
  const answers = labelledAnswers(results, labels, revealed ? null : nameMask(round.hiddenNames));
  const stored = revealed ? await storedVote(em, searchRequest.id, results) : null;
  return {
    requestId: searchRequest.id,
    query: searchRequest.query,
    category: round.category,
    status: revealed ? 'revealed' : runs.every((run) => ENDED.has(run.status)) ? 'voting' : 'answering',
    answers,
    vote: stored?.vote ?? null,
    totalCreditsUsed: revealed ? results.reduce((sum, result) => sum + result.creditsUsed, 0) : null,
    counted: stored?.counted ?? null,
  };
}

interface VoterRow {
  seconds_since_asked: number;
  account_age_seconds: number | null;
  email_verified: boolean | null;
}

/** The vote's weight from the database's clock: how long since the round was asked, and the voter's account. */
async function weightOf(em: EntityManager, requestId: string, userId: string | null, styles: readonly AnswerStyle[]): Promise<VoteWeight & { readingSeconds: number }> {
  const [row] = await em.execute<VoterRow[]>(
    `select extract(epoch from now() - request.created_at)::float8 as seconds_since_asked,
            extract(epoch from now() - voter.created_at)::float8 as account_age_seconds,
            voter.email_verified
       from search_requests request left join users voter on voter.id = ?
      where request.id = ?`,
    [userId, requestId],
  );
  const readingSeconds = Number(row?.seconds_since_asked ?? 0);
  const weight = voteWeight({
    secondsSinceAsked: readingSeconds,
    shortestAnswerWords: Math.min(...styles.map((style) => style.words)),
    accountAgeSeconds: row?.account_age_seconds === null || row?.account_age_seconds === undefined ? null : Number(row.account_age_seconds),
    emailVerified: row?.email_verified === true,
  });
  return { ...weight, readingSeconds };
}

/**
 * Records the player's vote and reveals the round, once: the conditional update lets exactly one of two votes at once
 * through. The vote is stored with the round's category and as pairwise outcomes (`vote-outcomes.ts`), which the
 * leaderboard job reads, each with both answers' style (for the style-controlled fit) and the vote's weight
 * (`vote-weight.ts`: 0 when cast faster than the answers could be read). Only answers that succeeded can be placed.
 */
export async function voteOnRound(
  em: EntityManager,
  searchRequest: SearchRequest,
  runs: readonly ModelRun[],
  vote: ArenaVoteBody,
  userId: string | null,
): Promise<void> {
  const round = await storedRound(em, searchRequest);
  if (round.revealedAt) throw new AppError('ARENA_ALREADY_VOTED');
  if (!runs.every((run) => ENDED.has(run.status))) throw new AppError('ARENA_STILL_ANSWERING');
  const labels = roundLabels(round, runs.map((run) => run.id));
  const texts = new Map((await requestResults(em, searchRequest.id)).map((result) => [result.runId, result.response ?? '']));
  const voteable = runs
    .filter((run) => run.status === 'completed')
    .map((run) => ({ label: labels.get(run.id)!, model: `${run.engine}/${run.model}`, style: answerStyle(texts.get(run.id) ?? '') }));
  const reading = voteOutcomes(vote, voteable);
  if ('refusal' in reading) throw new AppError('VALIDATION_ERROR', reading.refusal);
  const styleOf = new Map(voteable.map((answer) => [answer.model, answer.style]));
  const counted = await weightOf(em, round.requestId, userId, voteable.map((answer) => answer.style));

  await em.transactional(async (transaction) => {
    const revealed = await transaction.execute<{ request_id: string }[]>(
      `update arena_rounds set revealed_at = now() where request_id = ? and revealed_at is null returning request_id`,
      [round.requestId],
    );
    if (revealed.length === 0) throw new AppError('ARENA_ALREADY_VOTED');
    await transaction.execute(
      `insert into arena_votes (request_id, user_id, category, verdict, vote, weight, dropped_reason, reading_seconds) values (?, ?, ?, ?, ?::jsonb, ?, ?, ?)`,
      [round.requestId, userId, round.category, vote.verdict, JSON.stringify(vote), counted.weight, counted.droppedReason, counted.readingSeconds],
    );
    for (const outcome of reading.outcomes) {
      await transaction.execute(
        `insert into arena_outcomes (request_id, user_id, category, model_a, model_b, score_a, weight, style_a, style_b) values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)`,
        [
          round.requestId,
          userId,
          round.category,
          outcome.modelA,
          outcome.modelB,
          outcome.scoreA,
          counted.weight,
          JSON.stringify(styleOf.get(outcome.modelA)),
          JSON.stringify(styleOf.get(outcome.modelB)),
        ],
      );
    }
  });
}

