/**
 * Probes every 100 ms until `accept` is happy with what the probe returns, or the time is up; returns the last value
 * either way, so the test's own assertion on it says what was wrong.
 */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Probes until it returns something (not `undefined`) and returns that, or fails naming `what` once `timeoutMs` has
 * passed: for waits on the database or an API rather than on the page, which the page's own assertions cover.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const value = await eventually(probe, (candidate) => candidate !== undefined, timeoutMs);
  if (value === undefined) throw new Error(`timed out waiting for ${what}`);
  return value;
}

/**
 * A wait on the page that, if it fails, says what the page showed instead: a poll or a locator's wait only names what
 * it wanted. `seen` is read only on failure, and its values go into the message as JSON.
 */
export async function orSayWhatWasSeen<T>(wait: Promise<T>, what: string, seen: () => Promise<Record<string, unknown>>): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    throw new Error(`${what}: last seen ${JSON.stringify(await seen())}`, { cause: error });
  }
}
