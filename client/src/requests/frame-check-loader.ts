import type { FrameCheck } from './frame-check.ts';

let loading: Promise<FrameCheck> | null = null;

/** The contract checker, fetched once; a failed fetch is tried again next time rather than remembered. */
export function loadFrameCheck(): Promise<FrameCheck> {
  if (!loading) {
    loading = import('./frame-check.ts').then((module) => module.checkFrame);
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** Fetches the checker once the browser is idle, so the first answer does not wait for it. */
export function prefetchFrameCheckWhenIdle(): () => void {
  const load = (): void => void loadFrameCheck().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 2_000);
  return () => clearTimeout(timer);
}
