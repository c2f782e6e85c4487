/**
 * What the stream-relay benchmark runs. Every count is fixed, so a run always ends (about a minute on 2 cores).
 * Each stream is 40 one-word chunks 10 ms apart: an answer of roughly 0.4 s at a brisk model's pace.
 */
export const CHUNKS_PER_STREAM = 40;
export const CHUNK_INTERVAL_MS = 10;

/**
 * Rounds start `concurrency` streams together and wait for all of them. c=1 is 30 streams one after another;
 * the higher levels get fewer rounds because each round already yields many samples.
 */
export const CONCURRENCY_LEVELS: readonly { concurrency: number; rounds: number }[] = [
  { concurrency: 1, rounds: 30 },
  { concurrency: 16, rounds: 4 },
  { concurrency: 64, rounds: 2 },
];

/** Unmeasured, per path: some streams one at a time (JIT, connection pools), then one round at the top level. */
export const WARM_UP_SEQUENTIAL_STREAMS = 5;
export const WARM_UP_CONCURRENCY = 64;

/** A stream that takes longer than this has failed; it is cut off and counted, and the benchmark moves on. */
export const STREAM_TIMEOUT_MS = 30_000;

/** Same chunk count and pacing on both paths; the tag makes the prompt unique so the simulator's writes match. */
export function benchmarkPrompt(tag: string): string {
  return `How does an HTTP cache decide what to keep? (${tag}) [[simulate chunks=${CHUNKS_PER_STREAM} chunk-ms=${CHUNK_INTERVAL_MS}]]`;
}
