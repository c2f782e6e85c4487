import { median } from '../core/statistics/index.ts';
import type { PathSummary } from './summarise-outcomes.ts';
import { formatTextTable } from './text-table.ts';

/**
 * One benchmark run differs from the next by more than the changes worth measuring (two runs minutes apart have
 * differed 2.5× at 64 comparisons), so the benchmark measures every level several times and reports each number as
 * the median of the runs, with the range they spanned.
 */

/**
 * Each level and path's summary across runs: every latency the median of the runs' values, counts and failures
 * added up. `runs[r]` is run r's summaries, in the same order each time.
 */
export function medianSummaries(runs: readonly (readonly PathSummary[])[]): PathSummary[] {
  const first = runs[0] ?? [];
  return first.map((template, index) => {
    const same = runs.map((summaries) => summaries[index]!);
    const mid = (pick: (summary: PathSummary) => number) => median(same.map(pick));
    const failures = new Map<string, number>();
    for (const summary of same) for (const [reason, count] of summary.failures) failures.set(reason, (failures.get(reason) ?? 0) + count);
    return {
      concurrency: template.concurrency,
      path: template.path,
      streams: same.reduce((sum, summary) => sum + summary.streams, 0),
      okStreams: same.reduce((sum, summary) => sum + summary.okStreams, 0),
      firstChunk: { p50: mid((s) => s.firstChunk.p50), p99: mid((s) => s.firstChunk.p99) },
      chunkRelay: { p50: mid((s) => s.chunkRelay.p50), p99: mid((s) => s.chunkRelay.p99) },
      firstChunkParts: { untilWrittenP50: mid((s) => s.firstChunkParts.untilWrittenP50), relayP50: mid((s) => s.firstChunkParts.relayP50) },
      chunkSamples: same.reduce((sum, summary) => sum + summary.chunkSamples, 0),
      eventsPerStream: mid((s) => s.eventsPerStream),
      failures,
    };
  });
}

/** One level's headline numbers: what Quorum adds to the direct path (p50 and p99), and how many streams went well. */
export interface LevelNumbers {
  ttftAddedP50Ms: number;
  ttftAddedP99Ms: number;
  relayAddedP50Ms: number;
  relayAddedP99Ms: number;
  ok: number;
  total: number;
}

const ADDED_KEYS = ['ttftAddedP50Ms', 'ttftAddedP99Ms', 'relayAddedP50Ms', 'relayAddedP99Ms'] as const;
type AddedKey = (typeof ADDED_KEYS)[number];

/** A level's headline numbers as medians of the runs, each with the [lowest, highest] the runs gave. */
export type MedianLevelNumbers = LevelNumbers & { runs: number } & { [Key in `${AddedKey}Spread`]: [number, number] };

/**
 * The runs' headline numbers per level: each added latency is computed within its run (Quorum minus direct, both
 * measured in that run, rounds alternating) and then the median taken, which is fairer than subtracting medians
 * taken separately.
 */
export function medianLevels(perRun: readonly Record<string, LevelNumbers>[]): Record<string, MedianLevelNumbers> {
  const levels = Object.keys(perRun[0] ?? {});
  return Object.fromEntries(
    levels.map((level) => {
      const same = perRun.map((run) => run[level]).filter((numbers): numbers is LevelNumbers => numbers !== undefined);
      const entry: Record<string, unknown> = {
        ok: same.reduce((sum, numbers) => sum + numbers.ok, 0),
        total: same.reduce((sum, numbers) => sum + numbers.total, 0),
        runs: same.length,
      };
      for (const key of ADDED_KEYS) {
        const values = same.map((numbers) => numbers[key]).filter((value) => Number.isFinite(value));
        entry[key] = median(values);
        entry[`${key}Spread`] = values.length > 0 ? [Math.min(...values), Math.max(...values)] : [Number.NaN, Number.NaN];
      }
      return [level, entry as unknown as MedianLevelNumbers];
    }),
  );
}

function withSpread(value: number, [low, high]: [number, number]): string {
  if (Number.isNaN(value)) return '–';
  const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(ms).toFixed(Math.abs(ms) < 10 ? 2 : Math.abs(ms) < 100 ? 1 : 0)}`;
  return `${signed(value)} ms (${signed(low)} … ${signed(high)})`;
}

/** What Quorum adds at each level: the median of the runs, and in brackets the lowest and highest run. */
export function formatSpreadTable(kind: string, levels: Record<string, MedianLevelNumbers>): string {
  return formatTextTable(
    [kind, 'first token added p50', 'p99', 'chunk relay added p50', 'p99', 'runs', 'ok'],
    Object.entries(levels).map(([level, numbers]) => [
      level,
      withSpread(numbers.ttftAddedP50Ms, numbers.ttftAddedP50MsSpread),
      withSpread(numbers.ttftAddedP99Ms, numbers.ttftAddedP99MsSpread),
      withSpread(numbers.relayAddedP50Ms, numbers.relayAddedP50MsSpread),
      withSpread(numbers.relayAddedP99Ms, numbers.relayAddedP99MsSpread),
      String(numbers.runs),
      `${numbers.ok}/${numbers.total}`,
    ]),
  );
}
