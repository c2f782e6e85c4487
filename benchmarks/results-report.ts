import type { MemoryReport } from './memory-report.ts';
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

/** A row's latency cells: first chunk p50/p99, chunk relay p50/p99, samples, streams that succeeded. */
function latencyCells(summary: PathSummary): string[] {
  return [
    milliseconds(summary.firstChunk.p50),
    milliseconds(summary.firstChunk.p99),
    milliseconds(summary.chunkRelay.p50),
    milliseconds(summary.chunkRelay.p99),
    String(summary.chunkSamples),
    Number.isNaN(summary.eventsPerStream) ? '–' : summary.eventsPerStream.toFixed(1),
    `${summary.okStreams}/${summary.streams}`,
  ];
}

/** The direct and Quorum summaries of each concurrency level that has both. */
function pairsByConcurrency(summaries: readonly PathSummary[]): { concurrency: number; direct: PathSummary; quorum: PathSummary }[] {
  const levels = [...new Set(summaries.map((summary) => summary.concurrency))];
  return levels.flatMap((concurrency) => {
    const direct = summaries.find((summary) => summary.concurrency === concurrency && summary.path === 'direct');
    const quorum = summaries.find((summary) => summary.concurrency === concurrency && summary.path === 'quorum');
    return direct && quorum ? [{ concurrency, direct, quorum }] : [];
  });
}

/** The main table: one row per concurrency and path. */
export function formatLatencyTable(summaries: readonly PathSummary[]): string {
  return formatTextTable(
    ['concurrency', 'path', 'first chunk p50', 'p99', 'chunk relay p50', 'p99', 'chunk samples', 'events/stream', 'streams ok'],
    summaries.map((summary) => [String(summary.concurrency), summary.path, ...latencyCells(summary)]),
  );
}

/** Quorum against the direct baseline at each concurrency, p50 only: what the relay adds, and how many times over. */
export function formatComparisonTable(summaries: readonly PathSummary[]): string {
  const rows = pairsByConcurrency(summaries).map(({ concurrency, direct, quorum }) => [
    String(concurrency),
    added(quorum.firstChunk.p50, direct.firstChunk.p50),
    ratio(quorum.firstChunk.p50, direct.firstChunk.p50),
    added(quorum.chunkRelay.p50, direct.chunkRelay.p50),
    ratio(quorum.chunkRelay.p50, direct.chunkRelay.p50),
  ]);
  return formatTextTable(
    ['concurrency', 'first chunk p50 added', 'quorum/direct', 'chunk relay p50 added', 'quorum/direct'],
    rows,
  );
}

/**
 * Where the first chunk's time goes, p50 of each part. The parts' medians need not add up to the total's median,
 * but they show whether the time is spent before the provider is even asked or in carrying the chunk back.
 */
export function formatFirstChunkBreakdown(summaries: readonly PathSummary[], levelTitle = 'concurrency'): string {
  return formatTextTable(
    [levelTitle, 'path', 'first chunk p50', 'sent → simulator wrote it', 'simulator wrote it → received'],
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

/**
 * The comparison table: one row per concurrency and path. A row's numbers are per model stream; at c comparisons
 * there are 3 × c model streams at once on either path.
 */
export function formatComparisonLatencyTable(summaries: readonly PathSummary[], modelsPerComparison: number): string {
  return formatTextTable(
    ['comparisons', 'model streams', 'path', 'first token p50', 'p99', 'chunk relay p50', 'p99', 'chunk samples', 'events/stream', 'model streams ok'],
    summaries.map((summary) => [String(summary.concurrency), String(summary.concurrency * modelsPerComparison), summary.path, ...latencyCells(summary)]),
  );
}

/** What Quorum adds per model stream of a comparison, at p50 and p99, and how many model streams failed. */
export function formatComparisonAddedTable(summaries: readonly PathSummary[]): string {
  const rows = pairsByConcurrency(summaries).map(({ concurrency, direct, quorum }) => [
    String(concurrency),
    added(quorum.firstChunk.p50, direct.firstChunk.p50),
    added(quorum.firstChunk.p99, direct.firstChunk.p99),
    added(quorum.chunkRelay.p50, direct.chunkRelay.p50),
    added(quorum.chunkRelay.p99, direct.chunkRelay.p99),
    `${direct.streams - direct.okStreams} / ${quorum.streams - quorum.okStreams}`,
  ]);
  return formatTextTable(
    ['comparisons', 'first token p50 added', 'p99 added', 'chunk relay p50 added', 'p99 added', 'failed (direct / quorum)'],
    rows,
  );
}

function megabytes(kib: number): string {
  return Number.isNaN(kib) ? '–' : `${(kib / 1024).toFixed(1)} MB`;
}

function kibPer(deltaKib: number, count: number): string {
  if (Number.isNaN(deltaKib) || count <= 0) return '–';
  return `${(deltaKib / count).toFixed(0)} KB`;
}

/**
 * Server and worker memory at the round's busiest reading against just before the round, divided by what was open
 * then: per open comparison (one event stream on the server, three jobs on the worker) and per model stream.
 */
export function formatMemoryTable(report: MemoryReport): string {
  const { comparisons, modelStreams } = report.busiest.open;
  const row = (name: string, idleKib: number, busiestKib: number, peakKib: number) => {
    const delta = busiestKib - idleKib;
    return [
      name,
      megabytes(idleKib),
      megabytes(busiestKib),
      `${delta >= 0 ? '+' : '−'}${megabytes(Math.abs(delta))}`,
      kibPer(delta, comparisons),
      kibPer(delta, modelStreams),
      megabytes(peakKib),
    ];
  };
  return formatTextTable(
    ['process', 'RSS idle', 'RSS streaming', 'delta', 'per open comparison', 'per streaming model', 'RSS peak in round'],
    [
      row('server', report.idle.serverKib, report.busiest.serverKib, report.peak.serverKib),
      row('worker', report.idle.workerKib, report.busiest.workerKib, report.peak.workerKib),
    ],
  );
}
