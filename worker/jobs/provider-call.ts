import type { ConversationTurn } from '../../contract/conversation.ts';
import type { AnswerJobQuestion } from '../../core/jobs/index.ts';
import type { PromptAttachment } from '../../core/attachments/index.ts';
import type { AnswerPart, AnswerRequest } from '../providers/answer-provider.ts';
import type { Logger } from 'pino';
import type { ProviderRegistry } from '../providers/provider-registry.ts';
import type { CancellationListener } from './cancellation-listener.ts';
import { answerWithRetries, type AttemptSettings } from './provider-attempts.ts';

/** What calling a provider for one run needs. */
export interface ProviderCallDependencies {
  providers: ProviderRegistry;
  cancellations: CancellationListener;
  /** Longest one answer may take, retries included. */
  providerTimeoutMs: number;
  attempts: AttemptSettings;
  logger: Logger;
  /** Reads a request's attached files from Postgres; without it, attachments are not sent (tests of other parts). */
  promptAttachments?: ((requestId: string) => Promise<PromptAttachment[]>) | undefined;
}

/** What a provider is asked: a job's question, or a claimed run read back from Postgres. */
export type ProviderQuestion = AnswerJobQuestion & { conversation?: ConversationTurn[] };

/** A provider call under way. */
export interface ProviderCall {
  /** The answer's parts as they arrive (the first is already on its way). */
  parts: AsyncGenerator<AnswerPart>;
  /** Stops the call if it still runs and stops listening for the run's cancellation. Call once, when done with it. */
  done(): void;
}

/**
 * Starts asking the provider at once: the HTTP request goes out now, not when the caller first reads a part, so
 * the caller can do other work meanwhile (claim the run in Postgres, announce it in Redis). Undefined when the
 * engine has no provider in this worker. The call ends on the run's time limit, the worker's shutdown, the owner's
 * cancellation, or `done()`.
 */
export function callProvider(
  dependencies: ProviderCallDependencies,
  runId: string,
  question: ProviderQuestion,
  shutdownSignal: AbortSignal,
  /** The request whose attached files go with the question; absent when it has none. */
  attachmentsOf?: string,
): ProviderCall | undefined {
  const provider = dependencies.providers.get(question.engine);
  if (!provider) return undefined;
  const cancellation = dependencies.cancellations.watch(runId);
  const stopped = new AbortController();
  const signal = AbortSignal.any([AbortSignal.timeout(dependencies.providerTimeoutMs), shutdownSignal, cancellation.signal, stopped.signal]);
  const request = {
    model: question.model,
    prompt: question.query,
    ...(question.conversation && question.conversation.length > 0 ? { history: question.conversation } : {}),
    webSearch: question.searchEnabled,
    ...(question.aiOverviewParams ? { aiOverview: { country: question.aiOverviewParams.gl, language: question.aiOverviewParams.hl } } : {}),
    ...(question.settings?.systemPrompt ? { systemPrompt: question.settings.systemPrompt } : {}),
    ...(question.settings?.temperature !== undefined ? { temperature: question.settings.temperature } : {}),
  };
  const onRetry = (attempt: number, error: { code: string; status: number | undefined }, delayMs: number) =>
    dependencies.logger.warn({ runId, attempt, code: error.code, status: error.status, delayMs }, 'retrying provider call');
  const load = attachmentsOf && dependencies.promptAttachments;
  const iterator = load
    ? withAttachments(load(attachmentsOf), (attachments) => answerWithRetries(provider, { ...request, attachments }, dependencies.attempts, signal, onRetry))
    : answerWithRetries(provider, request, dependencies.attempts, signal, onRetry);
  const first = iterator.next();
  // Read by `parts`, or never if the run turns out not to be ours; either way no unhandled rejection.
  first.catch(() => undefined);
  return {
    parts: alreadyStarted(first, iterator),
    done() {
      stopped.abort();
      cancellation.done();
    },
  };
}

async function* alreadyStarted(first: Promise<IteratorResult<AnswerPart>>, iterator: AsyncGenerator<AnswerPart>): AsyncGenerator<AnswerPart> {
  try {
    for (let next = await first; !next.done; next = await iterator.next()) yield next.value;
  } finally {
    await iterator.return(undefined);
  }
}

/** The files are read once, before the first attempt; the call starts as soon as they are in hand. */
async function* withAttachments(
  loading: Promise<AnswerRequest['attachments']>,
  call: (attachments: AnswerRequest['attachments']) => AsyncGenerator<AnswerPart>,
): AsyncGenerator<AnswerPart> {
  yield* call(await loading);
}
