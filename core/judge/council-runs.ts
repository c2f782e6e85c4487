import { randomUUID } from 'node:crypto';
import type { CouncilPreview } from '../../contract/council.ts';
import type { ModelResult } from '../../contract/model-result.ts';
import { characterCount } from '../../contract/text-length.ts';
import { runCredits, spendableCreditsOfUser } from '../credits/index.ts';
import type { Requester } from '../credits/index.ts';
import { AppError } from '../errors/index.ts';
import {
  type AdmissionServices,
  admitRequest,
  earlierCharacters,
  longConversationCredits,
  readsConversation,
} from '../requests/index.ts';
import type { ConversationTurn } from '../../contract/conversation.ts';
import { COUNCIL_REVIEW_QUERY, councilChairman, councilReviewConversation, councilStandings, withoutModelNames } from './council-prompts.ts';
import { claimChairman, councilInProgress, councilReviews, insertCouncil, labelledAnswers, releaseChairman, type CouncilRow } from './councils.ts';

/**
 * Running a council: its reviews as one comparison request (a run per reviewing model, each with its own earlier
 * turn: the other answers, labelled), then its chairman as one single request. Both are admitted like any question
 * (tier rules, a hold per run, charged only on success), so nothing here touches credits itself.
 */

/** Google's AI Overview searches rather than reads: it cannot review answers or chair a council. */
const readsAnswers = (services: Pick<AdmissionServices, 'catalogue'>, engineId: string): boolean => readsConversation(services.catalogue.findEngine(engineId));

/** A model's price for reading these turns and this question, as admission will work it out. */
function priceOf(services: Pick<AdmissionServices, 'catalogue'>, engineId: string, modelId: string, conversation: ConversationTurn[], query: string): number {
  const engine = services.catalogue.findEngine(engineId);
  const model = engine && services.catalogue.findModel(engine, modelId);
  if (!engine || !model) throw new AppError('VALIDATION_ERROR', `Unknown model "${modelId}" for ${engineId}`);
  return runCredits(services.catalogue, engine.id, model.id, false) + longConversationCredits(engine, model, earlierCharacters(undefined, conversation) + characterCount(query));
}

/** Every name the answering models go by: their ids, their names and their engines'. */
function modelNames(services: Pick<AdmissionServices, 'catalogue'>, answers: readonly { engine: string; model: string }[]): string[] {
  return answers.flatMap((answer) => {
    const engine = services.catalogue.findEngine(answer.engine);
    const model = engine && services.catalogue.findModel(engine, answer.model);
    return [answer.model, answer.engine, ...(engine ? [engine.name] : []), ...(model ? [model.name] : [])];
  });
}

function councilPlan(services: Pick<AdmissionServices, 'catalogue'>, question: string, results: readonly ModelResult[]) {
  const labelled = labelledAnswers(results);
  const names = modelNames(services, labelled);
  const answers = labelled.map((answer) => ({ ...answer, text: withoutModelNames(answer.text, names) }));
  if (answers.length < 2) throw new AppError('VALIDATION_ERROR', 'A council needs at least two answers.');
  const reviewers = answers
    .filter((answer) => readsAnswers(services, answer.engine))
    .map((answer) => ({ ...answer, conversation: councilReviewConversation(question, answers.filter((other) => other.label !== answer.label)) }));
  if (reviewers.length === 0) throw new AppError('VALIDATION_ERROR', 'None of these models can review answers.');
  return { answers, reviewers };
}

/** What the council would cost: each review at its reviewer's price for what it reads, and the chairman's. */
export function councilPreview(
  services: Pick<AdmissionServices, 'catalogue'>,
  question: string,
  results: readonly ModelResult[],
  chairman: { engine: string; model: string },
): CouncilPreview {
  if (!readsAnswers(services, chairman.engine)) throw new AppError('VALIDATION_ERROR', 'This engine searches rather than reads: it cannot chair a council.');
  const { answers, reviewers } = councilPlan(services, question, results);
  const reviewerPrices = reviewers.map((reviewer) => ({
    engine: reviewer.engine,
    model: reviewer.model,
    credits: priceOf(services, reviewer.engine, reviewer.model, reviewer.conversation, COUNCIL_REVIEW_QUERY),
  }));
  const chairmanPrompt = councilChairman(question, answers, [], councilStandings(answers.map((answer) => answer.label), []));
  const chairmanPrice = { ...chairman, credits: priceOf(services, chairman.engine, chairman.model, chairmanPrompt.conversation, chairmanPrompt.query) };
  return { reviewers: reviewerPrices, chairman: chairmanPrice, totalCredits: reviewerPrices.reduce((sum, entry) => sum + entry.credits, chairmanPrice.credits) };
}

/**
 * Starts a council on a finished comparison: checks that the person can pay for the whole council (reviews and
 * chairman) before anything is held, admits the reviews, and records which label stands for which answer.
 */
export async function startCouncil(
  services: AdmissionServices,
  requester: Requester & { userId: string },
  comparison: { requestId: string; question: string; results: readonly ModelResult[] },
  chairman: { engine: string; model: string },
): Promise<CouncilRow> {
  const preview = councilPreview(services, comparison.question, comparison.results, chairman);
  const em = services.orm.em.fork();
  // One council at a time per comparison: a lock for the moment it is admitted, then its running reviews say so.
  const lock = `${services.keyPrefix}council-start:{${comparison.requestId}}`;
  if ((await services.redis.set(lock, '1', 'PX', 30_000, 'NX')) !== 'OK' || (await councilInProgress(em, comparison.requestId))) {
    throw new AppError('VALIDATION_ERROR', 'A council on these answers is already under way.');
  }
  try {
    return await admitCouncil(services, requester, comparison, chairman, preview.totalCredits);
  } finally {
    await services.redis.del(lock).catch(() => undefined);
  }
}

async function admitCouncil(
  services: AdmissionServices,
  requester: Requester & { userId: string },
  comparison: { requestId: string; question: string; results: readonly ModelResult[] },
  chairman: { engine: string; model: string },
  totalCredits: number,
): Promise<CouncilRow> {
  const em = services.orm.em.fork();
  const available = (await spendableCreditsOfUser(em, requester.userId)) ?? 0;
  if (available < totalCredits) {
    throw new AppError('INSUFFICIENT_CREDITS', `This council costs ${totalCredits} credits (reviews and chairman); you have ${available}.`);
  }
  const { answers, reviewers } = councilPlan(services, comparison.question, comparison.results);
  const admitted = await admitRequest(
    services,
    {
      query: COUNCIL_REVIEW_QUERY,
      selections: reviewers.map((reviewer) => ({ engine: reviewer.engine, model: reviewer.model, settings: {}, conversation: reviewer.conversation })),
      kind: 'comparison',
      streamed: true,
      searchEnabled: false,
      brandMonitoringEnabled: false,
    },
    requester,
  );
  const row = {
    id: randomUUID(),
    userId: requester.userId,
    requestId: comparison.requestId,
    reviewRequestId: admitted.requestId,
    chairmanEngine: chairman.engine,
    chairmanModel: chairman.model,
    answers: answers.map(({ label, engine, model, runId }) => ({ label, engine, model, runId })),
  };
  await insertCouncil(em, row);
  return { ...row, chairmanRequestId: null, createdAt: new Date() };
}

/**
 * Starts the chairman once every review has ended (at least one with a ranking or a text). Only one call can: the
 * place is claimed first, and given back if admission refuses, so a double click admits (and charges) one chairman.
 * Returns the council as it now stands; a council whose chairman already started is returned unchanged.
 */
export async function startChairman(
  services: AdmissionServices,
  requester: Requester,
  council: CouncilRow,
  question: string,
  comparisonResults: readonly ModelResult[],
): Promise<CouncilRow> {
  if (council.chairmanRequestId) return council;
  const em = services.orm.em.fork();
  const reviews = await councilReviews(em, council);
  if (!reviews.every((review) => review.result.success || review.result.error !== null)) {
    throw new AppError('VALIDATION_ERROR', 'Wait for every review to finish first.');
  }
  const read = reviews.filter((review) => review.result.success);
  if (read.length === 0) throw new AppError('VALIDATION_ERROR', 'No review came back, so there is nothing for a chairman to weigh. Nothing more was charged.');
  const texts = new Map(comparisonResults.map((result) => [result.runId, result.response ?? '']));
  const names = modelNames(services, council.answers);
  const answers = council.answers.map((answer) => ({ label: answer.label, text: withoutModelNames(texts.get(answer.runId) ?? '', names) }));
  const rankings = read.map((review) => ({ label: review.label, ranking: review.ranking ?? [] }));
  const standings = councilStandings(
    council.answers.map((answer) => answer.label),
    rankings.map((review) => review.ranking),
  );
  const prompt = councilChairman(question, answers, rankings, standings);
  const chairmanRequestId = randomUUID();
  if (!(await claimChairman(em, council.id, chairmanRequestId))) {
    const [row] = await em.execute<{ chairman_request_id: string }[]>(`select chairman_request_id from councils where id = ?`, [council.id]);
    return { ...council, chairmanRequestId: row?.chairman_request_id ?? null };
  }
  try {
    await admitRequest(
      services,
      {
        query: prompt.query,
        selections: [{ engine: council.chairmanEngine, model: council.chairmanModel, settings: {} }],
        kind: 'single',
        streamed: true,
        searchEnabled: false,
        brandMonitoringEnabled: false,
        conversation: prompt.conversation,
        requestId: chairmanRequestId,
      },
      requester,
    );
  } catch (error) {
    await releaseChairman(em, council.id, chairmanRequestId);
    throw error;
  }
  return { ...council, chairmanRequestId };
}
