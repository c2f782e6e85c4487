/**
 * The streams this server process has open, so a graceful shutdown can let them finish and then end the rest with
 * a proper event instead of a cut connection.
 */
export interface OpenStream {
  /** End the stream now, telling the browser why. */
  interrupt(): Promise<void>;
}

export class OpenStreams {
  private readonly streams = new Set<OpenStream>();
  private idleWaiters: (() => void)[] = [];

  add(stream: OpenStream): () => void {
    this.streams.add(stream);
    return () => {
      this.streams.delete(stream);
      if (this.streams.size === 0) {
        for (const resolve of this.idleWaiters.splice(0)) resolve();
      }
    };
  }

  get size(): number {
    return this.streams.size;
  }

  /** Waits up to `graceMs` for streams to end on their own, then interrupts whatever is left. */
  async drain(graceMs: number): Promise<{ finished: number; interrupted: number }> {
    const before = this.streams.size;
    if (before > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.idleWaiters.push(resolve)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
    }
    const leftovers = [...this.streams];
    await Promise.all(leftovers.map((stream) => stream.interrupt()));
    return { finished: before - leftovers.length, interrupted: leftovers.length };
  }
}
