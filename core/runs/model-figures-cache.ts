/**
 * Keeps the model figures for a short while in the process's memory. They are the same for everyone, they describe
 * 24 hours and 7 days (a minute more or less changes nothing a reader could see), and counting them reads a week of
 * runs: so each server counts them at most once per `ttlMs`, and callers arriving while a count runs share it
 * rather than starting their own. Memory rather than Redis: a copy per server costs one query a minute each, which
 * is nothing, and saves every call a round trip and a parse; a count that fails is not kept, so the next call tries again.
 */
export class FiguresCache<Value> {
  private kept: { value: Value; until: number } | null = null;
  private counting: Promise<Value> | null = null;

  constructor(
    private readonly count: () => Promise<Value>,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  get(): Promise<Value> {
    if (this.kept && this.clock() < this.kept.until) return Promise.resolve(this.kept.value);
    if (this.counting) return this.counting;
    const counting = this.count().then(
      (value) => {
        this.kept = { value, until: this.clock() + this.ttlMs };
        this.counting = null;
        return value;
      },
      (error: unknown) => {
        this.counting = null;
        throw error;
      },
    );
    this.counting = counting;
    return counting;
  }
}
