import type { CoalescingPolicy } from './delta-coalescing-policy.ts';

/** Held text beyond which it goes out at once, window or not: one event stays small for every reader. */
export const MAX_COALESCED_CHARS = 2_048;

/** Weight of the newest gap in a run's running average of the gap between its deltas. */
const GAP_SMOOTHING = 0.3;

/** Sends text as one `text_delta` event; resolves once sent (not necessarily stored), in the order called. */
export type SendText = (text: string, first: boolean) => Promise<void>;

/**
 * One run's text deltas on their way to its event stream. The first goes out at once (nothing may delay the first
 * token); each later one either goes out at once or, when the policy says the process is loaded, is held with the
 * ones after it until the window since the first held delta ends or the held text reaches its size limit, then
 * they leave as one delta. Concatenated, the events carry exactly the text the provider sent, in order.
 *
 * Anything that is not text (sources, the run's end) must call `flush()` first so it lands after the text before
 * it; `close()` drops the timer once the run is over.
 */
export class DeltaCoalescer {
  #held = '';
  #timer: NodeJS.Timeout | undefined;
  #first = true;
  #lastDeltaAt: number | undefined;
  #gapMs: number | undefined;
  #sending: Promise<void> = Promise.resolve();
  #failure: { error: unknown } | undefined;

  constructor(
    private readonly policy: CoalescingPolicy,
    private readonly send: SendText,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Text deltas sent so far as events of their own or in a batch: for the tests and the benchmark. */
  eventsSent = 0;

  /** Takes the provider's next delta; resolves once whatever it let out is sent. */
  async push(text: string): Promise<void> {
    this.throwIfFailed();
    this.policy.noteDelta();
    this.noteGap();
    if (this.#first) {
      this.#first = false;
      return this.sendNow(text, true);
    }
    // Nothing to hold or send (and an empty hold would leave its timer behind).
    if (text === '') return;
    if (this.#held !== '') {
      this.#held += text;
      if (this.#held.length >= MAX_COALESCED_CHARS) return this.flush();
      return;
    }
    const windowMs = this.policy.windowMs(this.#gapMs);
    if (windowMs === 0 || text.length >= MAX_COALESCED_CHARS) return this.sendNow(text, false);
    this.#held = text;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.flush().catch(() => undefined);
    }, windowMs);
  }

  /** Sends the held text now, if any, and waits until everything let out so far is sent. */
  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#held !== '') {
      const text = this.#held;
      this.#held = '';
      return this.sendNow(text, false);
    }
    await this.#sending;
    this.throwIfFailed();
  }

  /** The run is over (ended, failed or refused): nothing more is sent, and no timer outlives it. */
  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#held = '';
  }

  private async sendNow(text: string, first: boolean): Promise<void> {
    this.eventsSent += 1;
    // Chained, so a timer's flush and the next delta can never overtake each other on their way out; after a
    // failed send nothing more goes out, and the failure is thrown to whoever pushes or flushes next.
    const sent = this.#sending.then(() => (this.#failure ? undefined : this.send(text, first)));
    this.#sending = sent.catch((error: unknown) => {
      this.#failure ??= { error };
    });
    await this.#sending;
    this.throwIfFailed();
  }

  private noteGap(): void {
    const now = this.now();
    if (this.#lastDeltaAt !== undefined) {
      const gap = now - this.#lastDeltaAt;
      this.#gapMs = this.#gapMs === undefined ? gap : this.#gapMs + GAP_SMOOTHING * (gap - this.#gapMs);
    }
    this.#lastDeltaAt = now;
  }

  private throwIfFailed(): void {
    if (this.#failure) throw this.#failure.error;
  }
}
