import type { RedisClient } from '../../core/redis/index.ts';
import type { Logger } from 'pino';
import { RunCancelled, runCancellationChannel } from '../../core/jobs/index.ts';

/** Hears "cancel run X" from any server and aborts that run's provider call if this worker is answering it. */
export class CancellationListener {
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly subscriber: RedisClient,
    keyPrefix: string,
    logger: Logger,
  ) {
    const channel = runCancellationChannel(keyPrefix);
    subscriber.subscribe(channel).catch((error: unknown) => logger.error({ err: error }, 'could not listen for cancellations'));
    subscriber.on('message', (from: string, runId: string) => {
      if (from !== channel) return;
      const controller = this.running.get(runId);
      if (!controller) return;
      logger.info({ runId }, 'run cancelled by its owner; stopping the provider call');
      controller.abort(new RunCancelled());
    });
  }

  /** A signal that aborts when the run is cancelled; call the returned function when the run is over. */
  watch(runId: string): { signal: AbortSignal; done(): void } {
    const controller = new AbortController();
    this.running.set(runId, controller);
    return { signal: controller.signal, done: () => this.running.delete(runId) };
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
