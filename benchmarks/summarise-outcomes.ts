import { percentile } from './percentiles.ts';
import type { StreamOutcome } from './stream-outcome.ts';

export interface PathSummary {
  concurrency: number;
  path: 'direct' | 'quorum';
  streams: number;
  okStreams: number;
  firstChunk: { p50: number; p99: number };
  chunkRelay: { p50: number; p99: number };
  /** The first chunk's time split in two: until the simulator wrote it, then its relay to the client. */
  firstChunkParts: { untilWrittenP50: number; relayP50: number };
  chunkSamples: number;
  /** Chunk events received per stream that went well, on average: below the chunks written when coalesced. */
  eventsPerStream: number;
  /** Failure reason → how many streams failed that way. */
  failures: Map<string, number>;
}

/** Percentiles over the streams that went as they should; the others are only counted, by reason. */
export function summariseOutcomes(concurrency: number, path: 'direct' | 'quorum', outcomes: readonly StreamOutcome[]): PathSummary {
  const firstChunks: number[] = [];
  const untilFirstWrites: number[] = [];
  const firstChunkRelays: number[] = [];
  const relays: number[] = [];
  const failures = new Map<string, number>();
  let events = 0;
  for (const outcome of outcomes) {
    if (outcome.failure !== undefined) {
      failures.set(outcome.failure, (failures.get(outcome.failure) ?? 0) + 1);
      continue;
    }
    if (outcome.firstChunkMs !== undefined) firstChunks.push(outcome.firstChunkMs);
    if (outcome.untilFirstWriteMs !== undefined) untilFirstWrites.push(outcome.untilFirstWriteMs);
    if (outcome.chunkRelayMs[0] !== undefined) firstChunkRelays.push(outcome.chunkRelayMs[0]);
    relays.push(...outcome.chunkRelayMs);
    events += outcome.eventsReceived;
  }
  return {
    concurrency,
    path,
    streams: outcomes.length,
    okStreams: outcomes.length - [...failures.values()].reduce((sum, count) => sum + count, 0),
    firstChunk: { p50: percentile(firstChunks, 50), p99: percentile(firstChunks, 99) },
    chunkRelay: { p50: percentile(relays, 50), p99: percentile(relays, 99) },
    firstChunkParts: { untilWrittenP50: percentile(untilFirstWrites, 50), relayP50: percentile(firstChunkRelays, 50) },
    chunkSamples: relays.length,
    eventsPerStream: firstChunks.length > 0 ? events / firstChunks.length : Number.NaN,
    failures,
  };
}
