/** Spec section 4: a credit refresh is tried up to 5 times, waiting 1 s × the attempt number between tries. */
export const CREDIT_REFRESH_ATTEMPTS = 5;
export const CREDIT_REFRESH_STEP_MS = 1_000;
/** Spec section 9: after a comparison, wait 2 s before refreshing (the last settlements land meanwhile). */
export const COMPARISON_CREDIT_REFRESH_DELAY_MS = 2_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` until it succeeds or the attempts run out. Resolves true on success, false after the last failure
 * (which is only logged: a stale credit count must never break the page that asked for it).
 */
export async function refreshWithRetries(
  task: () => Promise<unknown>,
  { attempts = CREDIT_REFRESH_ATTEMPTS, stepMs = CREDIT_REFRESH_STEP_MS, wait = sleep } = {},
): Promise<boolean> {
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      await task();
      return true;
    } catch (error) {
      if (attempt === attempts) {
        console.error('Failed to fetch credits', error);
        return false;
      }
      await wait(stepMs * attempt);
    }
  }
  return false;
}
