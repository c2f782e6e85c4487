/**
 * Where a teardown is: the step it is on, since when, and what that step still waits for. A file whose tests all
 * passed once failed because its closing hook ran out of time, and the report said only "Hook timed out"; a
 * teardown that goes through these steps can say instead which part did not finish and why.
 */
export class ClosingSteps {
  private current: { name: string; startedAt: number; waitingOn?: WaitingOn | undefined } | undefined;
  private readonly done: string[] = [];

  /** Runs one step, remembered as the current one until it ends; `waitingOn` describes what it waits for. */
  async step<T>(name: string, work: () => Promise<T>, waitingOn?: WaitingOn): Promise<T> {
    this.current = { name, startedAt: Date.now(), waitingOn };
    const result = await work();
    this.done.push(name);
    this.current = undefined;
    return result;
  }

  /** For a failure message: the step still running and for how long, what it waits for, and the steps done. */
  async describe(): Promise<string> {
    const doneSoFar = this.done.length > 0 ? `; done: ${this.done.join(', ')}` : '';
    if (!this.current) return `no step running${doneSoFar}`;
    const { name, startedAt, waitingOn } = this.current;
    let detail = '';
    try {
      detail = waitingOn ? ` (${await waitingOn()})` : '';
    } catch (error) {
      detail = ` (could not say what it waits for: ${String(error)})`;
    }
    return `${name} for ${Date.now() - startedAt} ms${detail}${doneSoFar}`;
  }
}

/** What a step still waits for, in words; may look it up (a database's sessions). */
export type WaitingOn = () => string | Promise<string>;

/**
 * Waits for `work`, and when it has not finished after `limitMs` fails with a message naming what it was doing
 * (`describe`), rather than leaving the test runner's hook limit to fail with no reason. `limitMs` should sit
 * under that hook limit.
 */
export async function finishWithin<T>(what: string, work: Promise<T>, limitMs: number, describe: () => Promise<string>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => void describe().then((said) => reject(new Error(`${what} had not finished after ${limitMs} ms: ${said}`))), limitMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
