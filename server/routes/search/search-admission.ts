import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_AI_OVERVIEW_COUNTRY,
  DEFAULT_AI_OVERVIEW_LANGUAGE,
  isAiOverviewCountry,
  isAiOverviewLanguage,
} from '../../../core/catalogue/ai-overview-locales.ts';
import { engineAvailability } from '../../../core/catalogue/model-catalogue.ts';
import { ModelRun } from '../../../core/database/entities/model-run.ts';
import { SearchRequest } from '../../../core/database/entities/search-request.ts';
import { User } from '../../../core/database/entities/user.ts';
import { lockCreditAccount, placeHold } from '../../../core/credits/credit-ledger.ts';
import { runCredits } from '../../../core/credits/pricing.ts';
import { tierRefusal } from '../../../core/credits/tier-rules.ts';
import { openCreditAccount, type Requester } from '../../credits/requester.ts';
import { ANSWER_JOB_NAME } from '../../../core/jobs/answer-jobs.ts';
import { runFailure } from '../../../core/runs/run-failures.ts';
import { failRun } from '../../../core/runs/run-lifecycle.ts';
import { AppError } from '../../errors/app-error.ts';
import type { SearchRequestBody } from './search-schemas.ts';

export interface AdmittedSearch {
  requestId: string;
  runId: string;
  engine: string;
  model: string;
  /** Reserved for the answer; charged only if it succeeds. */
  credits: number;
}

/** Holds outlive their run's longest possible life by this much before the sweeper may release them. */
const HOLD_MARGIN_MS = 5 * 60_000;

/**
 * Turns a valid search body into a stored request with one run, its credit hold and a queued job. Tier rules and
 * prices are checked first; then one transaction locks the payer's account, checks `balance - held` covers the
 * price, places the hold and writes the rows, so a worker never sees a job without its run and two requests can
 * never both spend the same credits. If Redis refuses the job the run is failed at once, which releases the hold.
 */
export async function admitSearch(app: FastifyInstance, body: SearchRequestBody, requester: Requester): Promise<AdmittedSearch> {
  const engine = app.catalogue.findEngine(body.model);
  if (!engine) {
    const known = app.catalogue.engines.map((candidate) => candidate.id).join(', ');
    throw new AppError('VALIDATION_ERROR', `Unknown engine "${body.model}". Choose one of: ${known}`);
  }
  const model = app.catalogue.findModel(engine, body.specificModel);
  if (!model) {
    throw new AppError('VALIDATION_ERROR', `Unknown model "${body.specificModel}" for ${engine.name}`);
  }
  const availability = engineAvailability(app.config, engine);
  if (!availability.available) throw new AppError('VALIDATION_ERROR', availability.reason ?? `${engine.name} is not available`);
  // Web search only where the model supports it; otherwise it is quietly off, as the page's toggle would be.
  const searchEnabled = (body.searchEnabled ?? false) && model.webSearchSupported;
  const aiOverviewParams = engine.provider === 'serpapi' ? aiOverviewParamsFrom(body) : null;
  const brandMonitoringEnabled = body.brandMonitoringEnabled ?? false;
  const credits = runCredits(app.catalogue, engine.id, model.id, searchEnabled);
  const refusal = tierRefusal(requester.tier, { runs: [{ model, credits }], comparison: false, searchEnabled, brandMonitoringEnabled });
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  // Refuse before writing anything when the queue cannot take the job anyway.
  if (app.redis.status !== 'ready') throw new AppError('SERVICE_UNAVAILABLE');

  const requestId = randomUUID();
  const runId = randomUUID();
  const em = app.orm.em.fork();
  const holdExpiresAt = new Date(Date.now() + app.config.server.queueWaitTimeoutMs + app.config.worker.providerTimeoutMs + HOLD_MARGIN_MS);
  await em.transactional(async (transaction) => {
    // Locked until commit: concurrent requests against one account are admitted one at a time.
    const account = await lockCreditAccount(transaction, (await openCreditAccount(transaction, requester)).id);
    if (account.balance - account.held < credits) throw new AppError('INSUFFICIENT_CREDITS');
    await placeHold(transaction, account.id, runId, credits, holdExpiresAt);
    const request = transaction.create(SearchRequest, {
      id: requestId,
      query: body.query.trim(),
      engine: engine.id,
      model: model.id,
      searchEnabled,
      aiOverviewParams,
      // A signed-in person owns the request; a guest's is kept under the HMAC of their IP.
      user: requester.userId ? transaction.getReference(User, requester.userId) : null,
      guestKey: requester.userId ? null : requester.guestKey,
      brandMonitoringEnabled,
    });
    transaction.create(ModelRun, { id: runId, request, engine: engine.id, model: model.id });
  });

  try {
    // The job id is the run id: a retried add cannot create a second job for the same run.
    await app.answerQueue.add(ANSWER_JOB_NAME, { requestId, runId }, { jobId: runId });
  } catch (error) {
    await failRun(app.orm.em.fork(), runId, runFailure('SERVICE_UNAVAILABLE')).catch(() => undefined);
    throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: error });
  }
  return { requestId, runId, engine: engine.id, model: model.id, credits };
}

/** The spec's AI Overview defaults are location us and language en; only its 15 of each are offered. */
function aiOverviewParamsFrom(body: SearchRequestBody): { gl: string; hl: string } {
  const gl = (body.aiOverviewParams?.gl ?? DEFAULT_AI_OVERVIEW_COUNTRY).toLowerCase();
  const hl = (body.aiOverviewParams?.hl ?? DEFAULT_AI_OVERVIEW_LANGUAGE).toLowerCase();
  if (!isAiOverviewCountry(gl)) throw new AppError('VALIDATION_ERROR', `AI Overview is not available for the location "${gl}"`);
  if (!isAiOverviewLanguage(hl)) throw new AppError('VALIDATION_ERROR', `AI Overview is not available in the language "${hl}"`);
  return { gl, hl };
}
