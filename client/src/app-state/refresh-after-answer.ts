import { useQueryClient } from '@tanstack/react-query';
import type { AskKind } from '../../../contract/ask.ts';
import { useCallback } from 'react';
import { useCredits } from './credits-context.tsx';
import { queryKeys } from './query-client.ts';
import { COMPARISON_CREDIT_REFRESH_DELAY_MS, refreshWithRetries } from './refresh-with-retries.ts';

/** What just finished: one model's answer (a single search, or one comparison column asked again), or a comparison. */
export type AnswerKind = AskKind;

export interface AnswerRefreshSteps {
  /** One attempt at the credit count; rejects when it fails. */
  refreshCredits(): Promise<unknown>;
  refreshHistory(): Promise<unknown>;
  wait?(ms: number): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After an answer: the credits first, then the history, never both at once. A comparison's last charges settle
 * after its final event, so its credits wait 2 s; each credit read is retried up to 5 times, 1 s × the attempt
 * apart. The history comes last, so its entry never shows a charge the credit count does not reflect yet. Never
 * rejects: failures are only logged, and a stale number must not break the page that asked.
 */
export async function refreshAfterAnswer(kind: AnswerKind, { refreshCredits, refreshHistory, wait = sleep }: AnswerRefreshSteps): Promise<void> {
  if (kind !== 'single') await wait(COMPARISON_CREDIT_REFRESH_DELAY_MS);
  await refreshWithRetries(refreshCredits, { wait });
  try {
    await refreshHistory();
  } catch (error) {
    console.error('Failed to refresh the history', error);
  }
}

/** `refreshAfterAnswer` wired to this page's credit count and history, for the views that run requests. */
export function useRefreshAfterAnswer(): (kind: AnswerKind) => Promise<void> {
  const queryClient = useQueryClient();
  const { refreshCredits } = useCredits();
  return useCallback(
    (kind: AnswerKind) =>
      refreshAfterAnswer(kind, {
        refreshCredits,
        refreshHistory: () => queryClient.invalidateQueries({ queryKey: queryKeys.history }),
      }),
    [queryClient, refreshCredits],
  );
}
