import type { ContentChunkWritten } from '../simulator/provider-simulator.ts';
import type { VendorId } from './benchmark-plan.ts';

const TAG_PATTERN = /bench-stream-\d+/;

/** One content chunk the simulator wrote: when, and how many characters of text it carried. */
export interface ChunkWrite {
  writtenAt: number;
  characters: number;
}

/**
 * Remembers when the simulators wrote each content chunk of each benchmark stream. Every stream (or comparison) gets
 * a tag that is part of its prompt; the simulator reports the prompt with each chunk, so the tag matches its writes
 * to the stream's arrivals even when hundreds of streams run at once.
 *
 * The hook reports only the prompt, the chunk's index and the time: not the model or the URL. A comparison sends
 * the same prompt to three models, so each vendor gets a simulator of its own and each simulator reports through
 * its own `recorder(vendor)`: (vendor, tag) names one model stream. Only works with the simulators in this
 * process: the times are this process's `performance.now()`.
 */
export class ChunkWriteClock {
  #nextTag = 1;
  readonly #writes = new Map<string, ChunkWrite[]>();

  /** A fresh tag for one stream or comparison, to be put in its prompt; writes for it are recorded from now on. */
  newTag(vendors: readonly VendorId[]): string {
    const tag = `bench-stream-${this.#nextTag++}`;
    for (const vendor of vendors) this.#writes.set(key(vendor, tag), []);
    return tag;
  }

  /** The `onContentChunkWritten` of `vendor`'s simulator. Chunks of prompts without a known tag are ignored. */
  recorder(vendor: VendorId): (chunk: ContentChunkWritten) => void {
    return (chunk) => {
      const tag = TAG_PATTERN.exec(chunk.prompt)?.[0];
      if (tag === undefined) return;
      const writes = this.#writes.get(key(vendor, tag));
      if (writes) writes[chunk.index] = { writtenAt: chunk.writtenAt, characters: chunk.characters };
    };
  }

  /** The write times of a finished stream, by chunk index (holes where none was reported), forgetting them. */
  take(vendor: VendorId, tag: string): ChunkWrite[] {
    const writes = this.#writes.get(key(vendor, tag)) ?? [];
    this.#writes.delete(key(vendor, tag));
    return writes;
  }
}

function key(vendor: VendorId, tag: string): string {
  return `${vendor} ${tag}`;
}
