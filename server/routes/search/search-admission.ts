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
}

/**
 * Turns a valid search body into a stored request with one run and a queued job. The rows are written in one
 * transaction before the job exists, so a worker never sees a job without its run; if Redis refuses the job the run
 * is ended at once, so nothing is left pending that no one will answer.
 */
export async function admitSearch(
  app: FastifyInstance,
  body: SearchRequestBody,
  owner: { userId: string | null; guestKey: string },
): Promise<AdmittedSearch> {
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
  // Refuse before writing anything when the queue cannot take the job anyway.
  if (app.redis.status !== 'ready') throw new AppError('SERVICE_UNAVAILABLE');

  const requestId = randomUUID();
  const runId = randomUUID();
  const em = app.orm.em.fork();
  await em.transactional(async (transaction) => {
    const request = transaction.create(SearchRequest, {
      id: requestId,
      query: body.query.trim(),
      engine: engine.id,
      model: model.id,
      searchEnabled,
      aiOverviewParams,
      // A signed-in person owns the request; a guest's is kept under the HMAC of their IP.
      user: owner.userId ? transaction.getReference(User, owner.userId) : null,
      guestKey: owner.userId ? null : owner.guestKey,
      brandMonitoringEnabled: body.brandMonitoringEnabled ?? false,
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
  return { requestId, runId, engine: engine.id, model: model.id };
}

/** The spec's AI Overview defaults are location us and language en; only its 15 of each are offered. */
function aiOverviewParamsFrom(body: SearchRequestBody): { gl: string; hl: string } {
  const gl = (body.aiOverviewParams?.gl ?? DEFAULT_AI_OVERVIEW_COUNTRY).toLowerCase();
  const hl = (body.aiOverviewParams?.hl ?? DEFAULT_AI_OVERVIEW_LANGUAGE).toLowerCase();
  if (!isAiOverviewCountry(gl)) throw new AppError('VALIDATION_ERROR', `AI Overview is not available for the location "${gl}"`);
  if (!isAiOverviewLanguage(hl)) throw new AppError('VALIDATION_ERROR', `AI Overview is not available in the language "${hl}"`);
  return { gl, hl };
}
