/** The shortest hold worth making: below it, a run at usual model speeds rarely gathers a second delta. */
export const MIN_COALESCING_WINDOW_MS = 25;

/** Appends waiting on Redis across the whole process beyond which it is loaded, whatever the delta rate says. */
export const BACKLOG_LOAD = 256;

/** How quickly the delta rate forgets: about the last second counts. */
const RATE_MEMORY_MS = 1_000;

export interface CoalescingSettings {
  /** Longest a delta may be held; 0 turns coalescing off. */
  maxWindowMs: number;
  /** Provider deltas per second (the whole process) from which the process counts as loaded; 0: always loaded. */
  loadDeltasPerSecond: number;
}

/**
 * Decides, for the whole worker process, whether a run's text deltas are sent one by one or gathered for a few
 * milliseconds into one event. Holding a delta costs its reader that wait; it pays only when the process is busy
 * enough that fewer Redis events (each an append, a publish, a relay and a browser write) make every stream faster.
 *
 * Load is measured on what the providers send (deltas per second, before any coalescing), not on the events that
 * go out, so coalescing cannot switch itself off by its own success; appends still waiting on Redis (the backlog)
 * count too, since a slow Redis is load whatever the rate. Unloaded, nothing waits. Loaded, the window grows from
 * 25 ms with the load up to the configured maximum. And a run is held only when it sends fast enough that a window
 * gathers at least two of its deltas: a slow run would pay the wait and save nothing.
 */
export class CoalescingPolicy {
  #rate = 0;
  #rateAt: number;
  /** Appends this process has sent to Redis and not yet heard back about. */
  backlog = 0;

  constructor(
    private readonly settings: CoalescingSettings,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#rateAt = now();
  }

  /** A provider has sent one more delta (counted before coalescing). */
  noteDelta(): void {
    this.#rate = this.deltasPerSecond() + 1_000 / RATE_MEMORY_MS;
  }

  /** The process's recent delta rate, an exponentially weighted average over about a second. */
  deltasPerSecond(): number {
    const now = this.now();
    this.#rate *= Math.exp(-(now - this.#rateAt) / RATE_MEMORY_MS);
    this.#rateAt = now;
    return this.#rate;
  }

  /** 1 at the threshold of load; below 1 the process is quiet. */
  load(): number {
    const { loadDeltasPerSecond } = this.settings;
    const byRate = loadDeltasPerSecond === 0 ? Number.POSITIVE_INFINITY : this.deltasPerSecond() / loadDeltasPerSecond;
    return Math.max(byRate, this.backlog / BACKLOG_LOAD);
  }

  /**
   * How long a run whose deltas come `runGapMs` apart (undefined: not known yet) should hold the delta that just
   * came: 0 means send it now.
   */
  windowMs(runGapMs: number | undefined): number {
    const { maxWindowMs } = this.settings;
    if (maxWindowMs === 0) return 0;
    const load = this.load();
    if (load < 1) return 0;
    const floor = Math.min(MIN_COALESCING_WINDOW_MS, maxWindowMs);
    // Twice the load gets twice the floor, capped at the maximum.
    const window = Math.min(maxWindowMs, Number.isFinite(load) ? floor * load : maxWindowMs);
    if (runGapMs !== undefined && runGapMs * 2 > window) return 0;
    return window;
  }
}
