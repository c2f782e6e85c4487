import type { BenchmarkPath, ComparisonPath } from './benchmark-path.ts';
import {
  benchmarkPrompt,
  CHUNK_INTERVAL_MS,
  CHUNKS_PER_STREAM,
  COMPARISON_CHUNK_INTERVAL_MS,
  COMPARISON_CHUNKS_PER_STREAM,
  COMPARISON_MODELS,
  SINGLE_MODEL,
  STREAM_TIMEOUT_MS,
} from './benchmark-plan.ts';
import type { ChunkWriteClock } from './chunk-write-clock.ts';
import { measureStream, type StreamOutcome } from './stream-outcome.ts';

/** One stream on one path, timed from just before the request is sent. Never throws; a failure is an outcome. */
export async function runStream(path: BenchmarkPath, clock: ChunkWriteClock, stop: AbortSignal): Promise<StreamOutcome> {
  const tag = clock.newTag([SINGLE_MODEL.engine]);
  const prompt = benchmarkPrompt(tag, CHUNKS_PER_STREAM, CHUNK_INTERVAL_MS);
  const signal = AbortSignal.any([stop, AbortSignal.timeout(STREAM_TIMEOUT_MS)]);
  const sentAt = performance.now();
  const received = await path.receiveChunks(prompt, signal);
  return measureStream(sentAt, received, clock.take(SINGLE_MODEL.engine, tag), CHUNKS_PER_STREAM);
}

/** `concurrency` streams started together; resolves when the last one is done. */
export function runRound(path: BenchmarkPath, clock: ChunkWriteClock, concurrency: number, stop: AbortSignal): Promise<StreamOutcome[]> {
  return Promise.all(Array.from({ length: concurrency }, () => runStream(path, clock, stop)));
}

/**
 * One comparison on one path: an outcome per model (in `COMPARISON_MODELS` order), each timed from just before the
 * comparison was sent, so a model's first chunk includes everything Quorum does before that model's answer begins.
 */
export async function runComparison(path: ComparisonPath, clock: ChunkWriteClock, stop: AbortSignal): Promise<StreamOutcome[]> {
  const vendors = COMPARISON_MODELS.map(({ engine }) => engine);
  const tag = clock.newTag(vendors);
  const prompt = benchmarkPrompt(tag, COMPARISON_CHUNKS_PER_STREAM, COMPARISON_CHUNK_INTERVAL_MS);
  const signal = AbortSignal.any([stop, AbortSignal.timeout(STREAM_TIMEOUT_MS)]);
  const sentAt = performance.now();
  const received = await path.receiveComparison(prompt, signal);
  return vendors.map((vendor, index) => measureStream(sentAt, received[index]!, clock.take(vendor, tag), COMPARISON_CHUNKS_PER_STREAM));
}

/** `concurrency` comparisons started together (3 × `concurrency` model streams); the outcomes of every model stream. */
export async function runComparisonRound(path: ComparisonPath, clock: ChunkWriteClock, concurrency: number, stop: AbortSignal): Promise<StreamOutcome[]> {
  const comparisons = await Promise.all(Array.from({ length: concurrency }, () => runComparison(path, clock, stop)));
  return comparisons.flat();
}
