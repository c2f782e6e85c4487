import type { EntityManager } from '@mikro-orm/postgresql';
import { findBrandMention } from '../brand/index.ts';
import { ModelRun } from '../database/index.ts';
import type { RequestEventWriter, UnsequencedRunEvent } from '../events/index.ts';
import type { BrandMention } from '../../contract/brand.ts';
import { isRetryableRunFailure } from './run-failures.ts';
import { publishRunSettlement } from '../credits/index.ts';
import { failRunWithSettlement, type FailRunOptions, type RunFailure, type RunSuccess, type StoredCompletion } from './run-lifecycle.ts';
import { msSinceAccepted } from './answer-timings.ts';
import { isFinishReason } from './finish-reasons.ts';

/**
 * Ends a run that its worker can no longer end (the worker died, or never picked the job up), then makes sure the
 * run's real outcome is in its request's event stream. If the worker did finish but died before announcing it, the
 * stored answer is announced instead of an error: Postgres is the record, the stream only reports it. Appending a
 * second terminal event is refused by the stream, so calling this twice, or from two servers, is harmless. Says
 * whether this call was the one that ended the run.
 */
export async function failRunAndAnnounce(
  em: EntityManager,
  writer: RequestEventWriter,
  runId: string,
  failure: RunFailure,
  options: FailAndAnnounceOptions = {},
): Promise<boolean> {
  const { onRequestEnded, ...failOptions } = options;
  const settlement = await failRunWithSettlement(em, runId, failure, failOptions);
  await announceStoredOutcome(em, writer, runId);
  // The owner's other tabs learn their credits came back; a lost notice only delays their refresh.
  if (settlement) await publishRunSettlement(em, writer.connection, writer.keyPrefix, settlement).catch(() => undefined);
  // A lost notice leaves a tracking slot to its deadline's job; it never loses the answer.
  if (settlement?.requestFinished && onRequestEnded) await onRequestEnded(settlement.requestId).catch(() => undefined);
  return settlement !== undefined;
}

export interface FailAndAnnounceOptions extends FailRunOptions {
  /**
   * Told when this ending was the last open run of its request, as a worker's own ending tells it: a tracking slot
   * whose last answer was ended here (its worker died) finishes now, not at its deadline.
   */
  onRequestEnded?: RequestEndedListener | undefined;
}

/** Hears that a request's last open run has ended. */
export type RequestEndedListener = (requestId: string) => Promise<unknown>;

export async function announceStoredOutcome(
  em: EntityManager,
  writer: RequestEventWriter,
  runId: string,
): Promise<void> {
  const event = await storedOutcomeEvent(em, runId);
  if (event) await writer.append(event);
}

/** The terminal event of a run that has ended in Postgres, built from its row; none while the run is still open. */
export async function storedOutcomeEvent(em: EntityManager, runId: string): Promise<UnsequencedRunEvent | undefined> {
  const run = await em.findOne(ModelRun, runId, { refresh: true });
  if (!run) return undefined;
  const base = { requestId: run.request.id, runId: run.id };
  if (run.status === 'completed') {
    return runEndEvent(
      base,
      {
        text: run.answerText ?? '',
        finishReason: run.finishReason ?? null,
        sources: run.sources ?? [],
        searchTrail: run.searchTrail ?? null,
        inputTokens: run.inputTokens ?? null,
        outputTokens: run.outputTokens ?? null,
        cachedTokens: run.cachedTokens ?? null,
        reasoningTokens: run.reasoningTokens ?? null,
      },
      {
        creditsCharged: run.creditsCharged,
        createdAt: run.createdAt,
        startedAt: run.startedAt ?? null,
        completedAt: run.completedAt ?? new Date(),
        firstTokenAt: run.firstTokenAt ?? null,
      },
      await findBrandMention(em, run.id),
    );
  }
  if (run.status === 'error') {
    const code = run.errorCode ?? 'INTERNAL_ERROR';
    return {
      ...base,
      type: 'run_error',
      code,
      message: run.errorMessage ?? 'The request failed',
      retryable: isRetryableRunFailure(code),
    };
  }
  return undefined;
}

/**
 * A completed run's end event, from what was stored: the answer, the stored timestamps and charge, and the stored
 * brand analysis. The worker builds it from what its storing statement returned; a late announcer from the row.
 */
export function runEndEvent(
  base: { requestId: string; runId: string },
  answer: Pick<RunSuccess, 'text' | 'finishReason' | 'sources' | 'searchTrail' | 'inputTokens' | 'outputTokens' | 'cachedTokens' | 'reasoningTokens'>,
  stored: StoredCompletion,
  brandMention: BrandMention | null,
): UnsequencedRunEvent & { type: 'run_end' } {
  return {
    ...base,
    type: 'run_end',
    text: answer.text,
    finishReason: isFinishReason(answer.finishReason) ? answer.finishReason : null,
    sources: answer.sources,
    searchTrail: answer.searchTrail ?? null,
    creditsUsed: stored.creditsCharged,
    durationMs: msSinceAccepted(stored.createdAt, stored.completedAt),
    timeToFirstTokenMs: stored.firstTokenAt ? msSinceAccepted(stored.createdAt, stored.firstTokenAt) : null,
    inputTokens: answer.inputTokens,
    outputTokens: answer.outputTokens,
    cachedTokens: answer.cachedTokens ?? null,
    reasoningTokens: answer.reasoningTokens ?? null,
    brandMention,
  };
}
