import type { Queue } from 'bullmq';
import { LEADERBOARD_JOB_NAME } from '../jobs/index.ts';

/** Votes within one window of this length share one refit, at the window's end: a vote shows within about this long. */
export const REFIT_AFTER_VOTES_MS = 20_000;

/**
 * Asks for a refit of every board soon after a vote (a debounce). The job id names the window, so however many
 * votes arrive in it, and from however many servers, BullMQ keeps one job, delayed to the window's end. The
 * five-minute schedule stays as the backstop for a refit that failed.
 */
export async function scheduleRefitAfterVote(queue: Queue<Record<string, never>>, now = Date.now()): Promise<void> {
  const window = Math.floor(now / REFIT_AFTER_VOTES_MS);
  await queue.add(LEADERBOARD_JOB_NAME, {}, { jobId: `refit-after-votes-${window}`, delay: (window + 1) * REFIT_AFTER_VOTES_MS - now });
}
