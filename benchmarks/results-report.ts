import type { PathSummary } from './summarise-outcomes.ts';
import { formatTextTable } from './text-table.ts';

function milliseconds(value: number): string {
  if (Number.isNaN(value)) return '–';
  // Sub-millisecond values need their decimals; past 100 ms they are noise.
  const digits = Math.abs(value) < 10 ? 2 : Math.abs(value) < 100 ? 1 : 0;
  return `${value.toFixed(digits)} ms`;
}

function added(quorum: number, direct: number): string {
  if (Number.isNaN(quorum) || Number.isNaN(direct)) return '–';
  const difference = quorum - direct;
  return `${difference >= 0 ? '+' : '−'}${milliseconds(Math.abs(difference))}`;
}

function ratio(quorum: number, direct: number): string {
  if (Number.isNaN(quorum) || Number.isNaN(direct) || direct <= 0) return '–';
  return `${(quorum / direct).toFixed(1)}×`;
}

/** The main table: one row per concurrency and path. */
export function formatLatencyTable(summaries: readonly PathSummary[]): string {
  return formatTextTable(
    ['concurrency', 'path', 'first chunk p50', 'p99', 'chunk relay p50', 'p99', 'chunk samples', 'streams ok'],
    summaries.map((summary) => [
      String(summary.concurrency),
      summary.path,
      milliseconds(summary.firstChunk.p50),
      milliseconds(summary.firstChunk.p99),
      milliseconds(summary.chunkRelay.p50),
      milliseconds(summary.chunkRelay.p99),
      String(summary.chunkSamples),
      `${summary.okStreams}/${summary.streams}`,
    ]),
  );
}

/** Quorum against the direct baseline at each concurrency, p50 only: what the relay adds, and how many times over. */
export function formatComparisonTable(summaries: readonly PathSummary[]): string {
  const levels = [...new Set(summaries.map((summary) => summary.concurrency))];
  const rows = levels.flatMap((concurrency) => {
    const direct = summaries.find((summary) => summary.concurrency === concurrency && summary.path === 'direct');
    const quorum = summaries.find((summary) => summary.concurrency === concurrency && summary.path === 'quorum');
    if (!direct || !quorum) return [];
    return [
      [
        String(concurrency),
        added(quorum.firstChunk.p50, direct.firstChunk.p50),
        ratio(quorum.firstChunk.p50, direct.firstChunk.p50),
        added(quorum.chunkRelay.p50, direct.chunkRelay.p50),
        ratio(quorum.chunkRelay.p50, direct.chunkRelay.p50),
      ],
    ];
  });
  return formatTextTable(
    ['concurrency', 'first chunk p50 added', 'quorum/direct', 'chunk relay p50 added', 'quorum/direct'],
    rows,
  );
}

/**
 * Where the first chunk's time goes, p50 of each part. The parts' medians need not add up to the total's median,
 * but they show whether the time is spent before the provider is even asked or in carrying the chunk back.
 */
export function formatFirstChunkBreakdown(summaries: readonly PathSummary[]): string {
  return formatTextTable(
    ['concurrency', 'path', 'first chunk p50', 'sent → simulator wrote it', 'simulator wrote it → received'],
    summaries.map((summary) => [
      String(summary.concurrency),
      summary.path,
      milliseconds(summary.firstChunk.p50),
      milliseconds(summary.firstChunkParts.untilWrittenP50),
      milliseconds(summary.firstChunkParts.relayP50),
    ]),
  );
}

/** One line per way streams failed, or nothing when none did. */
export function formatFailures(summaries: readonly PathSummary[]): string[] {
  return summaries.flatMap((summary) =>
    [...summary.failures].map(
      ([reason, count]) => `c=${summary.concurrency} ${summary.path}: ${count} stream${count === 1 ? '' : 's'} failed: ${reason}`,
    ),
  );
}
