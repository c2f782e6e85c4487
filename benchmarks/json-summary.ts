import type { MemoryReport } from './memory-report.ts';
import { medianLevels, type LevelNumbers, type MedianLevelNumbers } from './run-medians.ts';
import type { PathSummary } from './summarise-outcomes.ts';


export interface StreamBenchSummary {
  /** How many times every level was measured; each number is the median of those runs. */
  runs: number;
  single: Record<string, MedianLevelNumbers>;
  compare: Record<string, MedianLevelNumbers>;
  memory: { serverKbPerStream: number | null; workerKbPerStream: number | null };
}

/**
 * The stream benchmark's numbers as one JSON object, keyed by concurrency: `npm run bench -- --json` prints it as
 * its last line so runs can be compared by a script. Each level's numbers are the medians of the runs, with their
 * `…Spread` ([lowest, highest]); `compare["256"].relayAddedP50Ms` is the chunk relay at 256 comparisons.
 * Milliseconds are rounded to 0.01; memory is KB per streaming model stream in the first run's top comparison round
 * (null when it could not be read).
 */
export function streamBenchSummary(
  singleRuns: readonly (readonly PathSummary[])[],
  compareRuns: readonly (readonly PathSummary[])[],
  memory: MemoryReport | undefined,
): StreamBenchSummary {
  const perStream = (delta: number) => {
    const streams = memory?.busiest.open.modelStreams ?? 0;
    return Number.isFinite(delta) && streams > 0 ? Math.round(delta / streams) : null;
  };
  return {
    runs: singleRuns.length,
    single: medianLevels(singleRuns.map(addedByLevel)),
    compare: medianLevels(compareRuns.map(addedByLevel)),
    memory: {
      serverKbPerStream: memory ? perStream(memory.busiest.serverKib - memory.idle.serverKib) : null,
      workerKbPerStream: memory ? perStream(memory.busiest.workerKib - memory.idle.workerKib) : null,
    },
  };
}

/** One run's numbers per level: Quorum minus direct, both from that run. */
export function addedByLevel(summaries: readonly PathSummary[]): Record<string, LevelNumbers> {
  const byLevel: Record<string, LevelNumbers> = {};
  for (const quorum of summaries.filter((summary) => summary.path === 'quorum')) {
    const direct = summaries.find((summary) => summary.path === 'direct' && summary.concurrency === quorum.concurrency);
    if (!direct) continue;
    byLevel[String(quorum.concurrency)] = {
      ttftAddedP50Ms: hundredths(quorum.firstChunk.p50 - direct.firstChunk.p50),
      ttftAddedP99Ms: hundredths(quorum.firstChunk.p99 - direct.firstChunk.p99),
      relayAddedP50Ms: hundredths(quorum.chunkRelay.p50 - direct.chunkRelay.p50),
      relayAddedP99Ms: hundredths(quorum.chunkRelay.p99 - direct.chunkRelay.p99),
      ok: quorum.okStreams,
      total: quorum.streams,
    };
  }
  return byLevel;
}

function hundredths(value: number): number {
  return Math.round(value * 100) / 100;
}
