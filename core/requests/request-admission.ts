import { randomUUID } from 'node:crypto';
import type { BrandConfig } from '../../contract/ask.ts';
import type { ColumnSettings, StoredColumnSettings } from '../../contract/column-settings.ts';
import type { ConversationTurn } from '../../contract/conversation.ts';
import {
  type CatalogueEngine,
  type CatalogueModel,
  DEFAULT_AI_OVERVIEW_COUNTRY,
  DEFAULT_AI_OVERVIEW_LANGUAGE,
  engineAvailability,
  isAiOverviewCountry,
  isAiOverviewLanguage,
} from '../catalogue/index.ts';
import {
  type AdmissionOutcome,
  type AdmissionRow,
  type AdmissionRun,
  insertAdmission,
  lockCreditAccount,
  lockOwnedCreditAccount,
  openCreditAccount,
  publishCreditsRemaining,
  type Requester,
  runCredits,
  spendable,
  tierRefusal,
} from '../credits/index.ts';
import { supportsWebSearch } from '../../contract/tier-rules.ts';
import type { RequestKind } from '../database/index.ts';
import type { AnswerJobQuestion } from '../jobs/index.ts';
import { ANSWER_JOB_NAME } from '../jobs/index.ts';
import { failRunAndAnnounce, runFailure } from '../runs/index.ts';
import { currentRequestId, markStage, requestAgeMs } from '../tracing/index.ts';
import { refuseOverMonthlyCap } from '../api-keys/index.ts';
import { checkRetryTarget, conversationKey, followUpConversations, type NamedModel } from './follow-up-thread.ts';
import { modelNameText, resolveContinuation, retryContinuation, type ModelName } from './continuation.ts';
import type { ContinueMode } from '../../contract/continuation.ts';
import { checkedColumnSettings, settingsAskedWith } from './column-settings-admission.ts';
import { earlierCharacters, longConversationCredits, readsConversation } from './conversation-size.ts';
import { characterCount } from '../../contract/text-length.ts';
import { AppError } from '../errors/index.ts';
import { observeStage } from '../metrics/index.ts';
import type { RequestCoreServices } from './request-services.ts';
import {
  attachmentCreditsPerModel,
  attachmentsOfRequest,
  bindAttachments,
  documentCharacters,
  questionAttachments,
  refuseModelsThatCannotRead,
} from '../attachments/index.ts';
import { ATTACHMENT_TEXTS } from '../../contract/attachments.ts';

/** What asking can be refused with, before any answer starts: the search and compare routes document these. */
export const ADMISSION_REFUSALS = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'INVALID_API_KEY',
  'INSUFFICIENT_CREDITS',
  'API_KEY_CREDIT_CAP',
  'FORBIDDEN',
  'RATE_LIMIT_ERROR',
  // Attached files heavier together than a question may carry.
  'PAYLOAD_TOO_LARGE',
] as const;

export type AdmissionServices = Pick<
  RequestCoreServices,
  'orm' | 'redis' | 'keyPrefix' | 'eventWriter' | 'answerQueue' | 'catalogue' | 'engineSettings' | 'queueWaitTimeoutMs' | 'providerTimeoutMs' | 'logger'
>;

export interface AdmissionInput {
  query: string;
  /** The models to ask, each with its own settings (left out: none, or on a follow-up or retry the earlier turn's). */
  selections: {
    engine: string;
    model: string;
    settings?: ColumnSettings | undefined;
    /** This model's own earlier turns (a council's reviewer reads every answer but its own); not with a follow-up. */
    conversation?: ConversationTurn[] | undefined;
  }[];
  kind: RequestKind;
  /** Asked through a streaming endpoint. */
  streamed: boolean;
  searchEnabled: boolean;
  aiOverviewParams?: { gl?: string | undefined; hl?: string | undefined } | null | undefined;
  brandMonitoringEnabled: boolean;
  brandConfig?: BrandConfig | null | undefined;
  /** Earlier turns the question continues (OpenAI-compatible calls); the web app asks lone questions. */
  conversation?: ConversationTurn[] | undefined;
  /** The id to store the request under, chosen by a caller that must recognise a retry of its own admission (a tracking slot). */
  requestId?: string | undefined;
  /** A follow-up: the request this question continues, each model its own side of that thread. */
  followUpOf?: string | undefined;
  /** A model of an earlier request asked again on its own: its answer replaces that model's in the conversation. */
  retryOf?: string | undefined;
  /** How a follow-up continues: each model its own answers (default), one answer carried to all, or one model alone. */
  continueMode?: ContinueMode | undefined;
  /** With `carry`: `engine/model` of the answer every model is given. */
  carryFrom?: string | undefined;
  /** An edited question: the earlier question it is a new version of. */
  versionOf?: string | undefined;
  /** Files uploaded beforehand (`POST /api/attachments`) that go with the question, in order. */
  attachmentIds?: readonly string[] | undefined;
}

export interface AdmittedRun {
  runId: string;
  engine: string;
  model: string;
  /** Reserved for this model's answer; charged only if it succeeds. */
  credits: number;
}

export interface AdmittedRequest {
  requestId: string;
  runs: AdmittedRun[];
  totalCredits: number;
}

/** The options a search and a comparison share, read off either body with the product's defaults. */
export function requestOptions(body: {
  searchEnabled?: boolean | undefined;
  aiOverviewParams?: AdmissionInput['aiOverviewParams'];
  brandMonitoringEnabled?: boolean | undefined;
  brandConfig?: AdmissionInput['brandConfig'];
  followUpOf?: string | undefined;
  retryOf?: string | undefined;
  continueMode?: ContinueMode | undefined;
  carryFrom?: string | undefined;
  versionOf?: string | undefined;
  attachmentIds?: readonly string[] | undefined;
}): Pick<
  AdmissionInput,
  'searchEnabled' | 'aiOverviewParams' | 'brandMonitoringEnabled' | 'brandConfig' | 'followUpOf' | 'retryOf' | 'continueMode' | 'carryFrom' | 'versionOf' | 'attachmentIds'
> {
  return {
    searchEnabled: body.searchEnabled ?? false,
    aiOverviewParams: body.aiOverviewParams,
    brandMonitoringEnabled: body.brandMonitoringEnabled ?? false,
    brandConfig: body.brandConfig,
    followUpOf: body.followUpOf,
    retryOf: body.retryOf,
    continueMode: body.continueMode,
    carryFrom: body.carryFrom,
    versionOf: body.versionOf,
    attachmentIds: body.attachmentIds,
  };
}

/** Holds outlive their run's longest possible life by this much before the sweeper may release them. */
const HOLD_MARGIN_MS = 5 * 60_000;

interface ResolvedSelection {
  engine: CatalogueEngine;
  model: CatalogueModel;
  searchEnabled: boolean;
  credits: number;
  /** Checked and normalised; undefined when the request left them out. */
  settings: StoredColumnSettings | null | undefined;
  conversation?: ConversationTurn[] | undefined;
}

/**
 * Turns a valid request into stored rows, credit holds and queued jobs, one per model. Tier rules and prices are
 * checked first; then one statement locks the payer's account, checks `balance − held` covers the total, places a
 * hold per model and writes the request and its runs, so a worker never sees a job without its run and two requests
 * can never spend the same credits. If Redis refuses the jobs, the runs are failed at once, releasing their holds.
 */
export async function admitRequest(services: AdmissionServices, input: AdmissionInput, requester: Requester): Promise<AdmittedRequest> {
  const resolved = input.selections.map((selection) => resolveSelection(services, selection, input.searchEnabled));
  const aiOverviewParams = resolved.some((entry) => entry.engine.provider === 'serpapi') ? aiOverviewParamsFrom(input.aiOverviewParams) : null;
  const refusal = tierRefusal(requester.tier, {
    runs: resolved.map((entry) => ({ model: entry.model, credits: entry.credits })),
    comparison: input.kind === 'comparison',
    searchEnabled: resolved.some((entry) => entry.searchEnabled),
    brandMonitoringEnabled: input.brandMonitoringEnabled,
  });
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  // Refuse before writing anything when the queue cannot take the jobs anyway.
  if (services.redis.status !== 'ready') throw new AppError('SERVICE_UNAVAILABLE');
  const em = services.orm.em.fork();
  const retryOf = input.retryOf ? await checkRetryTarget(em, requester, input.retryOf) : null;
  // Files: whose they are, and whether every model can read them, before anything is held. A regenerated answer
  // reads the files of the answer it replaces (they stay bound to that request) and pays for them again.
  const inherited = retryOf && !input.attachmentIds?.length ? await attachmentsOfRequest(em, retryOf) : [];
  const attachments = inherited.length > 0 ? inherited : await questionAttachments(em, requester, input.attachmentIds);
  refuseModelsThatCannotRead(attachments, resolved);
  const filesCredits = attachmentCreditsPerModel(attachments);
  const filesCharacters = documentCharacters(attachments);
  // A regenerated answer continues as the answer it replaces did; anything else says where it goes.
  const continuation = retryOf ? await retryContinuation(em, retryOf) : await resolveContinuation(em, requester, input);
  const followUp = continuation.followUpOf
    ? await followUpConversations(
        em,
        requester,
        continuation.followUpOf,
        resolved.map((entry) => ({ engine: entry.engine.id, model: entry.model.id, name: entry.model.name })),
        continuation.carry && namedModel(services, continuation.carry),
      )
    : undefined;
  // A follow-up or a retry that does not say otherwise asks each model the way it was asked the turn before.
  const earlierTurn = retryOf ?? continuation.followUpOf;
  const earlierSettings = earlierTurn && resolved.some((entry) => entry.settings === undefined) ? await settingsAskedWith(em, earlierTurn) : undefined;

  markStage('admission-start');
  const requestId = input.requestId ?? randomUUID();
  const query = input.query.trim();
  const requestConversation = input.conversation && input.conversation.length > 0 ? input.conversation : null;
  const settingsOf = (entry: ResolvedSelection): StoredColumnSettings | null =>
    entry.settings !== undefined ? entry.settings : (earlierSettings?.get(conversationKey(entry.engine.id, entry.model.id)) ?? null);
  const earlierTurnsOf = (entry: ResolvedSelection): ConversationTurn[] | null => {
    const turns = entry.conversation ?? followUp?.get(conversationKey(entry.engine.id, entry.model.id));
    return turns?.length ? turns : null;
  };
  // A long conversation adds to each model's price what it reads beyond the allowance (contract/long-conversation.ts),
  // measured on what the worker will send it: the run's own turns, else the request's, with its system prompt.
  const runs: AdmittedRun[] = resolved.map((entry) => {
    const earlier = readsConversation(entry.engine) ? earlierCharacters(settingsOf(entry)?.systemPrompt, earlierTurnsOf(entry) ?? requestConversation) : 0;
    const characters = earlier + characterCount(query);
    // Documents count against the context window but carry their own price, not the long-conversation surcharge.
    if (filesCharacters > 0) longConversationCredits(entry.engine, entry.model, characters + filesCharacters);
    return {
      runId: randomUUID(),
      engine: entry.engine.id,
      model: entry.model.id,
      credits: entry.credits + longConversationCredits(entry.engine, entry.model, characters) + filesCredits,
    };
  });
  const totalCredits = runs.reduce((sum, run) => sum + run.credits, 0);
  const holdExpiresAt = new Date(Date.now() + services.queueWaitTimeoutMs + services.providerTimeoutMs + HOLD_MARGIN_MS);

  // A comparison's engines and models are its runs'; only a single question names one on the request.
  const single = input.kind === 'single' ? runs[0] : undefined;
  const row: AdmissionRow = {
    requestId,
    query,
    kind: input.kind,
    streamed: input.streamed,
    engine: single?.engine ?? null,
    model: single?.model ?? null,
    searchEnabled: resolved.some((entry) => entry.searchEnabled),
    aiOverviewParams,
    brandMonitoringEnabled: input.brandMonitoringEnabled,
    brandConfig: input.brandConfig ?? null,
    // A signed-in person owns the request; a guest's is kept under the HMAC of their IP and their session id.
    userId: requester.userId,
    guestKey: requester.userId ? null : requester.guestKey,
    guestSessionId: requester.userId ? null : requester.anonymousSessionId,
    apiKeyId: requester.apiKey?.id ?? null,
    conversation: requestConversation,
    followUpOf: continuation.followUpOf,
    retryOf,
    continueMode: continuation.mode,
    carryFrom: continuation.carry && modelNameText(continuation.carry),
    versionOf: continuation.versionOf,
  };
  const admissionRuns: AdmissionRun[] = runs.map((run, index) => ({
    ...run,
    conversation: earlierTurnsOf(resolved[index]!),
    settings: settingsOf(resolved[index]!),
  }));
  const creditsRemaining = await placeHoldsAndWriteRows(services, requester, row, admissionRuns, holdExpiresAt);
  markStage('holds-committed');
  if (attachments.length > 0 && inherited.length === 0) {
    // Bound only if still unbound: a second question racing for the same file loses here, and its holds go back.
    const ids = attachments.map((attachment) => attachment.id);
    const bound = await bindAttachments(services.orm.em.fork(), requester.userId!, requestId, ids).catch(() => -1);
    if (bound !== ids.length) {
      for (const run of runs) {
        await failRunAndAnnounce(services.orm.em.fork(), services.eventWriter, run.runId, runFailure('CANCELLED')).catch(() => undefined);
      }
      throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.alreadyUsed);
    }
  }
  if (requester.userId) {
    // The owner's other tabs show the credits this request has put on hold.
    publishCreditsRemaining(services.redis, services.keyPrefix, requester.userId, creditsRemaining).catch((error: unknown) =>
      services.logger.warn({ err: error }, 'could not publish a credits change'),
    );
  }
  try {
    // Job id = run id: a retried add cannot create a second job for the same run.
    const jobs = admissionRuns.map((run) => ({
      name: ANSWER_JOB_NAME,
      data: { requestId, runId: run.runId, reqId: currentRequestId(), ...(row.conversation === null && run.conversation === null ? { question: jobQuestion(row, run, attachments.length) } : {}) },
      opts: { jobId: run.runId },
    }));
    // One job goes in with one script call; addBulk wraps even one in a MULTI.
    if (jobs.length === 1) await services.answerQueue.add(jobs[0]!.name, jobs[0]!.data, jobs[0]!.opts);
    else await services.answerQueue.addBulk(jobs);
  } catch (error) {
    for (const run of runs) {
      await failRunAndAnnounce(services.orm.em.fork(), services.eventWriter, run.runId, runFailure('SERVICE_UNAVAILABLE')).catch(() => undefined);
    }
    throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: error });
  }
  markStage('jobs-enqueued');
  // Only for a person's (or a program's) HTTP request; a tracking run admits from a worker, outside any.
  const age = requestAgeMs();
  if (age !== undefined) observeStage('admission', age);
  return { requestId, runs, totalCredits };
}

/**
 * The admission's one write: holds and rows in one statement (see admission-statement.ts). A first question opens
 * the payer's account (with its one-time grant) and tries again. A capped API key's spending is read after its
 * owner's account is locked, so two calls at once cannot both slip under the cap: that takes a transaction.
 */
async function placeHoldsAndWriteRows(
  services: AdmissionServices,
  requester: Requester,
  row: AdmissionRow,
  runs: AdmissionRun[],
  holdExpiresAt: Date,
): Promise<number> {
  const totalCredits = runs.reduce((sum, run) => sum + run.credits, 0);
  const cap = requester.apiKey?.monthlyCreditCap;
  if (requester.apiKey && cap != null) {
    const apiKeyId = requester.apiKey.id;
    return services.orm.em.fork().transactional(async (transaction) => {
      const account =
        (await lockOwnedCreditAccount(transaction, requester.owner)) ??
        (await lockCreditAccount(transaction, (await openCreditAccount(transaction, requester)).id));
      if (spendable(account) < totalCredits) throw new AppError('INSUFFICIENT_CREDITS');
      await refuseOverMonthlyCap(transaction, apiKeyId, cap, totalCredits);
      return admittedOrRefused(await insertAdmission(transaction, requester.owner, row, runs, holdExpiresAt));
    });
  }
  let outcome = await insertAdmission(services.orm.em.fork(), requester.owner, row, runs, holdExpiresAt);
  if (outcome.status === 'no-account') {
    await services.orm.em.fork().transactional((transaction) => openCreditAccount(transaction, requester));
    outcome = await insertAdmission(services.orm.em.fork(), requester.owner, row, runs, holdExpiresAt);
  }
  return admittedOrRefused(outcome);
}

function admittedOrRefused(outcome: AdmissionOutcome): number {
  if (outcome.status === 'admitted') return outcome.creditsRemaining;
  // 'no-account' after opening it cannot happen short of the account being deleted in between: refuse the same way.
  throw new AppError('INSUFFICIENT_CREDITS');
}

/** What the provider is asked, copied into the job so the worker can call it while it claims the run. */
function jobQuestion(row: AdmissionRow, run: AdmissionRun, attachments: number): AnswerJobQuestion {
  return {
    ...(attachments > 0 ? { attachments } : {}),
    engine: run.engine,
    model: run.model,
    query: row.query,
    searchEnabled: row.searchEnabled,
    aiOverviewParams: row.aiOverviewParams as AnswerJobQuestion['aiOverviewParams'],
    ...(run.settings ? { settings: run.settings } : {}),
  };
}

/** A model with the name people know it by, for messages; a name the catalogue does not know is shown as given. */
function namedModel(services: Pick<RequestCoreServices, 'catalogue'>, name: ModelName): NamedModel {
  return { ...name, name: services.catalogue.modelOf(name.engine, name.model)?.name ?? modelNameText(name) };
}

function resolveSelection(
  services: Pick<RequestCoreServices, 'catalogue' | 'engineSettings'>,
  selection: AdmissionInput['selections'][number],
  searchRequested: boolean,
): ResolvedSelection {
  const engine = services.catalogue.findEngine(selection.engine);
  if (!engine) {
    const known = services.catalogue.engines.map((candidate) => candidate.id).join(', ');
    throw new AppError('VALIDATION_ERROR', `Unknown engine "${selection.engine}". Choose one of: ${known}`);
  }
  const model = services.catalogue.findModel(engine, selection.model);
  if (!model) throw new AppError('VALIDATION_ERROR', `Unknown model "${selection.model}" for ${engine.name}`);
  const availability = engineAvailability(services.engineSettings, engine);
  if (!availability.available) throw new AppError('VALIDATION_ERROR', availability.reason ?? `${engine.name} is not available`);
  // Web search only where the model supports it; elsewhere it is quietly off, as the page's toggle would be.
  const searchEnabled = searchRequested && supportsWebSearch(engine.id, model);
  const settings = checkedColumnSettings(model, selection.settings);
  const conversation = selection.conversation?.length ? selection.conversation : undefined;
  return { engine, model, searchEnabled, settings, conversation, credits: runCredits(services.catalogue, engine.id, model.id, searchEnabled) };
}

/** The product's AI Overview defaults are location us and language en; only its 15 of each are offered. */
function aiOverviewParamsFrom(params: AdmissionInput['aiOverviewParams']): { gl: string; hl: string } {
  const gl = (params?.gl ?? DEFAULT_AI_OVERVIEW_COUNTRY).toLowerCase();
  const hl = (params?.hl ?? DEFAULT_AI_OVERVIEW_LANGUAGE).toLowerCase();
  if (!isAiOverviewCountry(gl)) throw new AppError('VALIDATION_ERROR', `AI Overview is not available for the location "${gl}"`);
  if (!isAiOverviewLanguage(hl)) throw new AppError('VALIDATION_ERROR', `AI Overview is not available in the language "${hl}"`);
  return { gl, hl };
}
