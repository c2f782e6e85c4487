import type { ContentChunkWritten } from '../simulator/provider-simulator.ts';

const TAG_PATTERN = /bench-stream-\d+/;

/**
 * Remembers when the simulator wrote each content chunk of each benchmark stream. Every stream gets a tag that is
 * part of its prompt; the simulator reports the prompt with each chunk, so the tag matches its writes to the
 * stream's arrivals even when 64 streams run at once. Only works with the simulator in this process: the times
 * are this process's `performance.now()`.
 */
export class ChunkWriteClock {
  #nextTag = 1;
  readonly #writesByTag = new Map<string, number[]>();

  /** A fresh tag for one stream, to be put in its prompt; writes for it are recorded from now on. */
  newTag(): string {
    const tag = `bench-stream-${this.#nextTag++}`;
    this.#writesByTag.set(tag, []);
    return tag;
  }

  /** The simulator's `onContentChunkWritten`. Chunks of prompts without a known tag are ignored. */
  readonly record = (chunk: ContentChunkWritten): void => {
    const tag = TAG_PATTERN.exec(chunk.prompt)?.[0];
    if (tag === undefined) return;
    const writes = this.#writesByTag.get(tag);
    if (writes) writes[chunk.index] = chunk.writtenAt;
  };

  /** The write times of a finished stream, by chunk index (holes where none was reported), forgetting the tag. */
  take(tag: string): number[] {
    const writes = this.#writesByTag.get(tag) ?? [];
    this.#writesByTag.delete(tag);
    return writes;
  }
}
