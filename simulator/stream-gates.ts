/**
 * Numbered gates a streamed answer can be held at (`[[simulate hold-after=N gate=G]]`): the answer writes N pieces,
 * then waits at gate G until a test lets it go on, the client leaves, or the simulator closes. A test that needs an
 * answer still streaming at some later step (reload, hide, stop or picture it mid-answer) holds it there instead of
 * making it long enough to outlast the step, which a slow enough machine always defeats.
 */
export class StreamGates {
  private readonly waiting = new Map<number, Set<() => void>>();

  /** Waits until the answers at `gate` are released; false when `signal` aborted first (the stream should stop). */
  pass(gate: number, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const waiters = this.waiting.get(gate) ?? new Set<() => void>();
      this.waiting.set(gate, waiters);
      const release = () => settle(true);
      const abort = () => settle(false);
      function settle(passed: boolean) {
        waiters.delete(release);
        signal.removeEventListener('abort', abort);
        resolve(passed);
      }
      waiters.add(release);
      signal.addEventListener('abort', abort, { once: true });
    });
  }

  /**
   * Lets the answers held at `gate` now go on, and says how many there were. One that reaches the gate later is held
   * again: a test releases once it has seen its answer there (`held`), so the same question can be held twice.
   */
  release(gate: number): number {
    const waiters = [...(this.waiting.get(gate) ?? [])];
    for (const release of waiters) release();
    return waiters.length;
  }

  /** How many answers are held at `gate` right now. */
  held(gate: number): number {
    return this.waiting.get(gate)?.size ?? 0;
  }
}
