/**
 * What the stream-relay benchmark runs. Every count is fixed, so a run always ends (about 80 s on 2 cores).
 */

/** Vendors the benchmark points at a simulator, each with the model it asks for. */
export const VENDOR_IDS = ['openai', 'deepseek', 'groq'] as const;
export type VendorId = (typeof VENDOR_IDS)[number];

// ---- Single-model streams (POST /api/search/stream) ----

/** Each single-model stream is 40 one-word chunks 10 ms apart: an answer of roughly 0.4 s at a brisk model's pace. */
export const CHUNKS_PER_STREAM = 40;
export const CHUNK_INTERVAL_MS = 10;

/** The one model single-model streams ask for; its vendor is the simulator they go to. */
export const SINGLE_MODEL = { engine: 'openai', model: 'gpt-4o-mini' } as const satisfies { engine: VendorId; model: string };

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

// ---- Three-model comparisons (POST /api/compare/stream) ----

/** The models of every comparison, one per vendor, so each model's chunks come from its own simulator. */
export const COMPARISON_MODELS: readonly { engine: VendorId; model: string }[] = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'deepseek', model: 'deepseek-chat' },
  { engine: 'groq', model: 'llama-3.1-8b-instant' },
];

/** Each model of a comparison streams 20 chunks 20 ms apart (about 0.4 s). */
export const COMPARISON_CHUNKS_PER_STREAM = 20;
export const COMPARISON_CHUNK_INTERVAL_MS = 20;

/**
 * Concurrent comparisons (each 3 model streams, so c=256 is 768 model streams). A round starts `concurrency`
 * comparisons together; the direct baseline of a round starts the same number of model streams (3 per comparison).
 */
export const COMPARISON_LEVELS: readonly { concurrency: number; rounds: number }[] = [
  { concurrency: 1, rounds: 20 },
  { concurrency: 16, rounds: 2 },
  { concurrency: 64, rounds: 1 },
  { concurrency: 256, rounds: 1 },
];

/** Unmeasured, per path, before the comparison levels: a few comparisons one at a time, then one round of 64. */
export const COMPARISON_WARM_UP_SEQUENTIAL = 3;
export const COMPARISON_WARM_UP_CONCURRENCY = 64;

/** How often the server's and worker's memory is read during the top comparison level's Quorum round. */
export const MEMORY_SAMPLE_INTERVAL_MS = 20;
/** Quiet time before the idle memory reading, so the previous round's work has settled. */
export const MEMORY_IDLE_SETTLE_MS = 2_000;

// ---- Shared ----

/**
 * Signed-in users with plenty of credits the requests are spread over, one after another. Admission locks the
 * payer's credit account, so requests of one account are admitted one at a time (by design); with one account
 * for everything, c=256 would mostly measure that queue (about 2 ms per admission, see credit-admission.bench.ts)
 * rather than the relay. One account per concurrent request, as with as many real users.
 */
export const FUNDED_USERS = 256;

/** A stream (or a whole comparison) that takes longer than this has failed; it is cut off and counted, and the benchmark moves on. */
export const STREAM_TIMEOUT_MS = 30_000;

/** The chunk count and pacing for a prompt; the tag makes it unique so the simulator's writes match the stream. */
export function benchmarkPrompt(tag: string, chunks: number, chunkIntervalMs: number): string {
  return `How does an HTTP cache decide what to keep? (${tag}) [[simulate chunks=${chunks} chunk-ms=${chunkIntervalMs}]]`;
}
