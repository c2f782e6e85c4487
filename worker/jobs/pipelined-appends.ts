import type { OrderedAppendOutcome, RequestEventWriter, UnsequencedRunEvent } from '../../core/events/index.ts';

/** Appends not yet answered by Redis, beyond which the next append waits: memory stays bounded if Redis is slow. */
const MAX_IN_FLIGHT = 64;

/**
 * A run's events on their way into its request's stream, sent one after another without waiting for each answer:
 * the worker reads the provider's next chunk while Redis stores the last, instead of spending a round trip per
 * chunk. Each event carries its position in the run, and the stream takes it only as the run's next (see
 * RequestEventWriter): on one Redis commands arrive in the order sent anyway, but a cluster failing over re-sends
 * what was in flight and can let a later chunk overtake an earlier one. An event told it came early is sent again
 * once its predecessor is answered. What the answers say arrives a little later: `refused` turns true once Redis
 * refused one (someone else ended the run), and a failed append is thrown by the next `append` or by `drain`.
 */
export class PipelinedAppends {
  #inFlight = 0;
  #last: Promise<unknown> = Promise.resolve();
  #nextPosition = 0;
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
    const predecessor = this.#last;
    this.#last = this.store(event, this.#nextPosition++, predecessor).then(
      (outcome) => {
        this.#inFlight -= 1;
        this.processBacklog.backlog -= 1;
        if (outcome === 'refused') this.refused = true;
        onStored?.();
      },
      (error: unknown) => {
        this.#inFlight -= 1;
        this.processBacklog.backlog -= 1;
        this.#failure ??= { error };
      },
    );
  }

  private async store(event: UnsequencedRunEvent, position: number, predecessor: Promise<unknown>): Promise<OrderedAppendOutcome> {
    const outcome = await this.writer.appendInRunOrder(event, position);
    if (outcome !== 'early') return outcome;
    // It overtook the one before. Once that one is answered this one is the run's next, so it goes again with the
    // wait waived: were it still called early, Redis would have lost the stream's keys meanwhile (a restart without
    // persistence), and waiting would never end.
    await predecessor;
    if (this.#failure) throw this.#failure.error;
    return this.writer.appendInRunOrder(event, position, true);
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
