import type { RequestEventWriter } from '../../core/events/request-event-writer.ts';
import type { UnsequencedRunEvent } from '../../core/events/run-event.ts';

/** Appends not yet answered by Redis, beyond which the next append waits: memory stays bounded if Redis is slow. */
const MAX_IN_FLIGHT = 64;

/**
 * A run's events on their way into its request's stream, sent one after another without waiting for each answer:
 * the worker reads the provider's next chunk while Redis stores the last, instead of spending a round trip per
 * chunk. Order is kept because commands on one Redis connection run, and are answered, in the order sent. What the
 * answers say arrives a little later: `refused` turns true once Redis refused one (someone else ended the run), and
 * a failed append is thrown by the next `append` or by `drain`.
 */
export class PipelinedAppends {
  #inFlight = 0;
  #last: Promise<unknown> = Promise.resolve();
  #failure: { error: unknown } | undefined;
  refused = false;

  constructor(
    private readonly writer: RequestEventWriter,
    /** Counts this run's unanswered appends into the process's backlog, which the coalescing policy reads as load. */
    private readonly processBacklog: { backlog: number } = { backlog: 0 },
  ) {}

  /** Sends the event; resolves once it is sent (or, when too many are unanswered, once they are answered). */
  async append(event: UnsequencedRunEvent, onStored?: () => void): Promise<void> {
    this.throwIfFailed();
    if (this.#inFlight >= MAX_IN_FLIGHT) await this.#last;
    this.#inFlight += 1;
    this.processBacklog.backlog += 1;
    this.#last = this.writer.append(event).then(
      (appended) => {
        this.#inFlight -= 1;
        this.processBacklog.backlog -= 1;
        if (!appended) this.refused = true;
        onStored?.();
      },
      (error: unknown) => {
        this.#inFlight -= 1;
        this.processBacklog.backlog -= 1;
        this.#failure ??= { error };
      },
    );
  }

  /** Waits until Redis has answered every event sent; throws if any append failed. */
  async drain(): Promise<void> {
    await this.#last;
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.#failure) throw this.#failure.error;
  }
}
