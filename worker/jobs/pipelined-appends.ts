import type { OrderedAppendOutcome, RequestEventWriter, UnsequencedRunEvent } from '../../core/events/index.ts';

/** Appends not yet answered by Redis, beyond which the next append waits: memory stays bounded if Redis is slow. */
const MAX_IN_FLIGHT = 64;
/** Times one event resends what the record lost before giving up: each round follows a further loss. */
const MAX_RESTORE_ROUNDS = 5;

/**
 * A run's events on their way into its request's stream, sent one after another without waiting for each answer:
 * the worker reads the provider's next chunk while Redis stores the last, instead of spending a round trip per
 * chunk. Each event carries its position in the run, and the stream takes it only as the run's next (see
 * RequestEventWriter): on one Redis commands arrive in the order sent anyway, but a cluster failing over re-sends
 * what was in flight and can let a later chunk overtake an earlier one. An event told it came early is sent again
 * once its predecessor is answered. What the answers say arrives a little later: `refused` turns true once Redis
 * refused one (someone else ended the run), and a failed append is thrown by the next `append` or by `drain`.
 *
 * A failover can also lose events Redis had already acknowledged (a replica is promoted before it copied them). The
 * run's events are kept until it ends, so those are sent again, in order, before the one that found them missing.
 */
export class PipelinedAppends {
  #inFlight = 0;
  #last: Promise<unknown> = Promise.resolve();
  /** Every event sent, by position: what a failover lost is sent again from here. */
  readonly #sent: UnsequencedRunEvent[] = [];
  #failure: { error: unknown } | undefined;
  refused = false;
  /** Events sent again because a failover lost them after Redis had acknowledged them. */
  restored = 0;

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
    this.#sent.push(event);
    this.#last = this.store(event, this.#sent.length - 1, predecessor).then(
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
    const forced = await this.writer.appendInRunOrder(event, position, true);
    return forced === 'lost' ? this.restoreLost(event, position) : forced;
  }

  /** `event` found the record short of its position: sends the missing ones again, then it. */
  private async restoreLost(event: UnsequencedRunEvent, position: number): Promise<OrderedAppendOutcome> {
    for (let round = 0; round < MAX_RESTORE_ROUNDS; round += 1) {
      const from = await this.writer.nextPositionOf(event.requestId, event.runId);
      this.restored += position - from;
      let outcome: OrderedAppendOutcome = 'stored';
      for (let missing = from; missing < position && outcome !== 'lost'; missing += 1) {
        outcome = await this.writer.appendInRunOrder(this.#sent[missing]!, missing, true);
        if (outcome === 'refused') return outcome;
      }
      if (outcome === 'lost') continue;
      outcome = await this.writer.appendInRunOrder(event, position, true);
      if (outcome !== 'lost') return outcome;
    }
    throw new Error(`the event record of run ${event.runId} kept losing events while they were sent again`);
  }

  /** Waits until Redis has answered every event sent; throws if any append failed. */
  async drain(): Promise<void> {
    await this.#last;
    this.throwIfFailed();
  }

  /** An append failed: this run's appends are over, and the next would throw. */
  get failed(): boolean {
    return this.#failure !== undefined;
  }

  private throwIfFailed(): void {
    if (this.#failure) throw this.#failure.error;
  }
}
