import { ShutdownSteps } from '../../core/process/index.ts';

/**
 * Where a teardown is: the step it is on, since when, and what that step still waits for. A file whose tests all
 * passed once failed because its closing hook ran out of time, and the report said only "Hook timed out"; a
 * teardown that goes through these steps can say instead which part did not finish and why. The step and its time
 * are kept by the same `ShutdownSteps` the server and worker close through; this adds what each step waits on and
 * the steps already done.
 */
export class ClosingSteps {
  // Silent: a slow step is reported through `describe`, in the failure it causes.
  private readonly steps = new ShutdownSteps({ warn: () => undefined }, 'test stack');
  private waitingOn: WaitingOn | undefined;
  private readonly done: string[] = [];

  /** Runs one step, remembered as the current one until it ends; `waitingOn` describes what it waits for. */
  async step<T>(name: string, work: () => Promise<T>, waitingOn?: WaitingOn): Promise<T> {
    this.waitingOn = waitingOn;
    const result = await this.steps.run(name, work);
    this.done.push(name);
    return result;
  }

  /** For a failure message: the step still running and for how long, what it waits for, and the steps done. */
  async describe(): Promise<string> {
    const doneSoFar = this.done.length > 0 ? `; done: ${this.done.join(', ')}` : '';
    const current = this.steps.current();
    if (!current) return `no step running${doneSoFar}`;
    let detail = '';
    try {
      detail = this.waitingOn ? `, waiting on: ${await this.waitingOn()}` : '';
    } catch (error) {
      detail = ` (could not say what it waits for: ${String(error)})`;
    }
    return `${current}${detail}${doneSoFar}`;
  }
}

/** What a step still waits for, in words; may look it up (a database's sessions). */
export type WaitingOn = () => string | Promise<string>;

/**
 * Waits for `work`, and when it has not finished after `limitMs` fails with a message naming what it was doing
 * (`describe`), rather than leaving the test runner's hook or test limit to fail with no reason. `limitMs` should
 * sit under that limit. A description that itself fails still fails the wait, saying so.
 */
export async function finishWithin<T>(what: string, work: Promise<T>, limitMs: number, describe: () => Promise<string>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void describe()
        .catch((error: unknown) => `(could not say what it was doing: ${String(error)})`)
        .then((said) => reject(new Error(`${what} had not finished after ${limitMs} ms: ${said}`)));
    }, limitMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
