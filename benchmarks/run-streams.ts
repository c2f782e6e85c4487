import type { BenchmarkPath } from './benchmark-path.ts';
import { benchmarkPrompt, CHUNKS_PER_STREAM, STREAM_TIMEOUT_MS } from './benchmark-plan.ts';
import type { ChunkWriteClock } from './chunk-write-clock.ts';
import { measureStream, type StreamOutcome } from './stream-outcome.ts';

/** One stream on one path, timed from just before the request is sent. Never throws; a failure is an outcome. */
export async function runStream(path: BenchmarkPath, clock: ChunkWriteClock, stop: AbortSignal): Promise<StreamOutcome> {
  const tag = clock.newTag();
  const prompt = benchmarkPrompt(tag);
  const signal = AbortSignal.any([stop, AbortSignal.timeout(STREAM_TIMEOUT_MS)]);
  const sentAt = performance.now();
  const received = await path.receiveChunks(prompt, signal);
  return measureStream(sentAt, received, clock.take(tag), CHUNKS_PER_STREAM);
}

/** `concurrency` streams started together; resolves when the last one is done. */
export function runRound(path: BenchmarkPath, clock: ChunkWriteClock, concurrency: number, stop: AbortSignal): Promise<StreamOutcome[]> {
  return Promise.all(Array.from({ length: concurrency }, () => runStream(path, clock, stop)));
}
