/**
 * Numbered gates a streamed answer can be held at (`[[simulate hold-after=N gate=G]]`): the answer writes N pieces,
 * then waits until a test opens gate G, the client leaves, or the simulator closes. A test that needs an answer still
 * streaming at some later step (hide it, stop it, picture it mid-answer) holds it there instead of making it long
 * enough to outlast the step, which a slow enough machine always defeats. An opened gate stays open, so a stream
 * reaching it afterwards goes straight through: a test opens its own gate number once it is done with the hold.
 */
export class StreamGates {
  private readonly opened = new Set<number>();
  private readonly waiting = new Map<number, Set<() => void>>();

  /** Waits until `gate` is open; false when `signal` aborted first (the stream should stop writing). */
  pass(gate: number, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.opened.has(gate)) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const waiters = this.waiting.get(gate) ?? new Set<() => void>();
      this.waiting.set(gate, waiters);
      const open = () => settle(true);
      const abort = () => settle(false);
      function settle(passed: boolean) {
        waiters.delete(open);
        signal.removeEventListener('abort', abort);
        resolve(passed);
      }
      waiters.add(open);
      signal.addEventListener('abort', abort, { once: true });
    });
  }

  /** Opens `gate` for every stream held there now and every one that reaches it later. */
  open(gate: number): void {
    this.opened.add(gate);
    for (const release of [...(this.waiting.get(gate) ?? [])]) release();
    this.waiting.delete(gate);
  }

  /** How many streams are held at `gate` right now. */
  held(gate: number): number {
    return this.waiting.get(gate)?.size ?? 0;
  }
}
