import { percentile } from './percentiles.ts';
import type { StreamOutcome } from './stream-outcome.ts';

export interface PathSummary {
  concurrency: number;
  path: 'direct' | 'quorum';
  streams: number;
  okStreams: number;
  firstChunk: { p50: number; p99: number };
  chunkRelay: { p50: number; p99: number };
  chunkSamples: number;
  /** Failure reason → how many streams failed that way. */
  failures: Map<string, number>;
}

/** Percentiles over the streams that went as they should; the others are only counted, by reason. */
export function summariseOutcomes(concurrency: number, path: 'direct' | 'quorum', outcomes: readonly StreamOutcome[]): PathSummary {
  const firstChunks: number[] = [];
  const relays: number[] = [];
  const failures = new Map<string, number>();
  for (const outcome of outcomes) {
    if (outcome.failure !== undefined) {
      failures.set(outcome.failure, (failures.get(outcome.failure) ?? 0) + 1);
      continue;
    }
    if (outcome.firstChunkMs !== undefined) firstChunks.push(outcome.firstChunkMs);
    relays.push(...outcome.chunkRelayMs);
  }
  return {
    concurrency,
    path,
    streams: outcomes.length,
    okStreams: outcomes.length - [...failures.values()].reduce((sum, count) => sum + count, 0),
    firstChunk: { p50: percentile(firstChunks, 50), p99: percentile(firstChunks, 99) },
    chunkRelay: { p50: percentile(relays, 50), p99: percentile(relays, 99) },
    chunkSamples: relays.length,
    failures,
  };
}
