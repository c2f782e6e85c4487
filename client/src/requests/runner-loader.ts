import type { connectRequestRunner } from './connected-runner.ts';

type Connect = typeof connectRequestRunner;
let loading: Promise<Connect> | null = null;

/**
 * The network half of the runner (follower, decoder, the contract's schemas and their checker: ≈15 KB gzip),
 * fetched once; a failed fetch is tried again next time rather than remembered.
 */
export function loadRequestRunner(): Promise<Connect> {
  if (!loading) {
    loading = import('./connected-runner.ts').then((module) => module.connectRequestRunner);
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** Fetches it once the browser is idle, so the first question does not wait for it. */
export function prefetchRequestRunnerWhenIdle(): () => void {
  const load = (): void => void loadRequestRunner().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 3_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 1_000);
  return () => clearTimeout(timer);
}
