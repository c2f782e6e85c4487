/**
 * Gauges read from Postgres or Redis are read while Prometheus waits: a dependency that hangs must cost the
 * scrape one missing value, never the whole scrape. Resolves to `undefined` on failure or after `timeoutMs`.
 */
export async function withinTime<Value>(read: () => Promise<Value>, timeoutMs: number): Promise<Value | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      read(),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), timeoutMs);
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** How long one scrape waits for a value from Postgres or Redis. Prometheus's own default timeout is 10 s. */
export const SCRAPE_READ_TIMEOUT_MS = 2_000;
