import type { Logger } from 'pino';

/** How long a step of a shutdown may take before it is logged as slow (the answers' grace period is longer). */
const SLOW_STEP_MS = 10_000;

/**
 * A process's shutdown, run one named step at a time. A step still running after a while is logged with its name
 * (and again each time as long again passes), and `current()` says which step is running: a shutdown that hangs
 * (a queue library waiting on a connection's end that never comes, a pool waiting on a connection never given back)
 * then says where it hangs, in the log and to whoever waits on it.
 */
export class ShutdownSteps {
  private running: { name: string; startedAt: number } | undefined;

  constructor(
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly what: string,
    private readonly slowAfterMs = SLOW_STEP_MS,
  ) {}

  async run<T>(name: string, work: () => Promise<T> | T): Promise<T> {
    const startedAt = Date.now();
    this.running = { name, startedAt };
    const slow = setInterval(() => this.logger.warn({ step: name, waitedMs: Date.now() - startedAt }, `${this.what} is still shutting down: ${name}`), this.slowAfterMs);
    slow.unref();
    try {
      return await work();
    } finally {
      clearInterval(slow);
      this.running = undefined;
    }
  }

  /** The step running now and for how long, or undefined between steps and once done. */
  current(): string | undefined {
    return this.running && `${this.running.name} (${Date.now() - this.running.startedAt} ms)`;
  }
}
