import type { EntityManager } from '@mikro-orm/postgresql';
import { councilLabel, type Council, type CouncilAnswer, type CouncilReview, type CouncilStatus } from '../../contract/council.ts';
import type { ModelResult } from '../../contract/model-result.ts';
import { requestResults } from '../requests/index.ts';
import { councilAttributions, councilStandings, parseCouncilRanking } from './council-prompts.ts';

/**
 * The council's record: which comparison it reviewed, which label stood for which answer, its reviews' request and
 * (once started) its chairman's. The answers themselves stay in their runs: this row only ties them together, so the
 * charges, the history and the streams are those of ordinary requests.
 */

export interface StoredCouncilAnswer extends CouncilAnswer {
  runId: string;
}

export interface CouncilRow {
  id: string;
  userId: string;
  requestId: string;
  reviewRequestId: string;
  chairmanEngine: string;
  chairmanModel: string;
  chairmanRequestId: string | null;
  answers: StoredCouncilAnswer[];
  createdAt: Date;
}

const COLUMNS = `id, user_id as "userId", request_id as "requestId", review_request_id as "reviewRequestId", chairman_engine as "chairmanEngine",
  chairman_model as "chairmanModel", chairman_request_id as "chairmanRequestId", answers, created_at as "createdAt"`;

/** The answers a council can review: every model that answered, labelled in the order they were asked. */
export function labelledAnswers(results: readonly ModelResult[]): (StoredCouncilAnswer & { text: string })[] {
  return results
    .filter((result) => result.success && result.response)
    .map((result, index) => ({ label: councilLabel(index), engine: result.engine, model: result.model, runId: result.runId, text: result.response! }));
}

export async function insertCouncil(em: EntityManager, row: Omit<CouncilRow, 'createdAt' | 'chairmanRequestId'>): Promise<void> {
  await em.execute(
    `insert into councils (id, user_id, request_id, review_request_id, chairman_engine, chairman_model, answers) values (?, ?, ?, ?, ?, ?, ?::jsonb)`,
    [row.id, row.userId, row.requestId, row.reviewRequestId, row.chairmanEngine, row.chairmanModel, JSON.stringify(row.answers)],
  );
}

/** The person's own council; null for anyone else's (they are told it does not exist). */
export async function ownCouncil(em: EntityManager, userId: string, councilId: string): Promise<CouncilRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(councilId)) return null;
  const [row] = await em.execute<CouncilRow[]>(`select ${COLUMNS} from councils where id = ? and user_id = ?`, [councilId, userId]);
  return row ?? null;
}

export async function councilsOfRequest(em: EntityManager, userId: string, requestId: string): Promise<CouncilRow[]> {
  return em.execute<CouncilRow[]>(`select ${COLUMNS} from councils where request_id = ? and user_id = ? order by created_at, id`, [requestId, userId]);
}

/**
 * Whether a council on this comparison is still going (a review or its chairman still answering): a second one
 * started meanwhile is a double click, not a wish to pay twice.
 */
export async function councilInProgress(em: EntityManager, requestId: string): Promise<boolean> {
  const rows = await em.execute<unknown[]>(
    `select 1 from councils council
       join model_runs run on run.request_id in (council.review_request_id, council.chairman_request_id)
      where council.request_id = ? and run.status in ('queued', 'running')
      limit 1`,
    [requestId],
  );
  return rows.length > 0;
}

/**
 * Claims the chairman's place: only one call can set it (a double click, two tabs), so only one chairman is admitted
 * and charged. Returns false when another call got there first.
 */
export async function claimChairman(em: EntityManager, councilId: string, chairmanRequestId: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(`update councils set chairman_request_id = ? where id = ? and chairman_request_id is null returning id`, [
    chairmanRequestId,
    councilId,
  ]);
  return rows.length === 1;
}

/** Gives the place back when the chairman could not be admitted (too few credits), so it can be tried again. */
export async function releaseChairman(em: EntityManager, councilId: string, chairmanRequestId: string): Promise<void> {
  await em.execute(`update councils set chairman_request_id = null where id = ? and chairman_request_id = ?`, [councilId, chairmanRequestId]);
}

const ended = (result: ModelResult): boolean => result.success || result.error !== null;

/** The reviews as they stand, each matched to the label its model answered under, with its ranking read. */
export async function councilReviews(em: EntityManager, row: CouncilRow): Promise<CouncilReview[]> {
  const labels = row.answers.map((answer) => answer.label);
  return (await requestResults(em, row.reviewRequestId)).map((result) => {
    const label = row.answers.find((answer) => answer.engine === result.engine && answer.model === result.model)?.label ?? '';
    const ranking = result.success && result.response ? parseCouncilRanking(result.response, labels.filter((other) => other !== label)) : null;
    return { label, result, ranking };
  });
}

/** The council as the API shows it: reviews, standings, the chairman's answer and whom it credits, and where it stands. */
export async function councilView(em: EntityManager, row: CouncilRow): Promise<Council> {
  const reviews = await councilReviews(em, row);
  const rankings = reviews.flatMap((review) => (review.ranking ? [review.ranking] : []));
  const standings = councilStandings(
    row.answers.map((answer) => answer.label),
    rankings,
  );
  const chairmanResult = row.chairmanRequestId ? ((await requestResults(em, row.chairmanRequestId))[0] ?? null) : null;
  const answers = row.answers.map(({ label, engine, model }) => ({ label, engine, model }));
  const creditsUsed = [...reviews.map((review) => review.result), ...(chairmanResult ? [chairmanResult] : [])].reduce((sum, result) => sum + result.creditsUsed, 0);
  return {
    id: row.id,
    requestId: row.requestId,
    reviewRequestId: row.reviewRequestId,
    chairmanRequestId: row.chairmanRequestId,
    status: councilStatus(reviews, row.chairmanRequestId, chairmanResult),
    chairman: { engine: row.chairmanEngine, model: row.chairmanModel },
    answers,
    reviews,
    standings,
    chairmanResult,
    attributions: chairmanResult?.success && chairmanResult.response ? councilAttributions(chairmanResult.response, answers) : [],
    creditsUsed,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function councilStatus(reviews: readonly CouncilReview[], chairmanRequestId: string | null, chairman: ModelResult | null): CouncilStatus {
  if (!reviews.every((review) => ended(review.result))) return 'reviewing';
  if (!reviews.some((review) => review.result.success)) return 'failed';
  if (!chairmanRequestId) return 'reviewed';
  if (!chairman || !ended(chairman)) return 'chairing';
  return chairman.success ? 'done' : 'failed';
}
