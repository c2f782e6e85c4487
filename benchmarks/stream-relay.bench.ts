/**
 * What Quorum's relay (server → queue → worker → provider → Redis → server → browser) adds on top of the provider,
 * at several concurrencies, against calling the same simulator directly. See benchmarks/README.md.
 *
 *   node --import tsx benchmarks/stream-relay.bench.ts     (npm run bench)
 *
 * The report goes to stdout, progress to stderr. Exits 1 when any measured stream failed, since the numbers
 * then describe only the streams that got through.
 */
import os from 'node:os';
import { startProviderSimulator } from '../simulator/provider-simulator.ts';
import type { BenchmarkPath } from './benchmark-path.ts';
import {
  CHUNK_INTERVAL_MS,
  CHUNKS_PER_STREAM,
  CONCURRENCY_LEVELS,
  WARM_UP_CONCURRENCY,
  WARM_UP_SEQUENTIAL_STREAMS,
} from './benchmark-plan.ts';
import { ChunkWriteClock } from './chunk-write-clock.ts';
import { directPath } from './direct-path.ts';
import { quorumPath } from './quorum-path.ts';
import { formatComparisonTable, formatFailures, formatFirstChunkBreakdown, formatLatencyTable } from './results-report.ts';
import { runRound, runStream } from './run-streams.ts';
import { startQuorum, type RunningQuorum } from './start-quorum.ts';
import type { StreamOutcome } from './stream-outcome.ts';
import { summariseOutcomes, type PathSummary } from './summarise-outcomes.ts';

function progress(message: string): void {
  console.error(`[bench] ${message}`);
}

/** Unmeasured streams so both paths start with compiled code and open connections. Stops if Quorum cannot answer. */
async function warmUp(paths: readonly BenchmarkPath[], clock: ChunkWriteClock, stop: AbortSignal, quorum: RunningQuorum): Promise<void> {
  for (const path of paths) {
    const outcomes: StreamOutcome[] = [];
    for (let stream = 0; stream < WARM_UP_SEQUENTIAL_STREAMS; stream += 1) {
      stop.throwIfAborted();
      outcomes.push(await runStream(path, clock, stop));
    }
    stop.throwIfAborted();
    outcomes.push(...(await runRound(path, clock, WARM_UP_CONCURRENCY, stop)));
    const failures = outcomes.filter((outcome) => outcome.failure !== undefined);
    if (failures.length > outcomes.length / 2) {
      throw new Error(
        `warm-up on the ${path.name} path failed ${failures.length} of ${outcomes.length} streams, first: ${failures[0]!.failure}\n${quorum.outputTail()}`,
      );
    }
    if (failures.length > 0) progress(`warm-up on the ${path.name} path: ${failures.length} of ${outcomes.length} streams failed`);
  }
}

/** Every level, rounds alternating between the paths so that a machine getting busier mid-run hits both alike. */
async function measure(paths: readonly BenchmarkPath[], clock: ChunkWriteClock, stop: AbortSignal): Promise<PathSummary[]> {
  const summaries: PathSummary[] = [];
  for (const { concurrency, rounds } of CONCURRENCY_LEVELS) {
    const outcomes = paths.map(() => [] as StreamOutcome[]);
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, path] of paths.entries()) {
        stop.throwIfAborted();
        outcomes[index]!.push(...(await runRound(path, clock, concurrency, stop)));
      }
    }
    for (const [index, path] of paths.entries()) summaries.push(summariseOutcomes(concurrency, path.name, outcomes[index]!));
    progress(`c=${concurrency}: ${rounds} round${rounds === 1 ? '' : 's'} per path done`);
  }
  return summaries;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

function reportHeader(startedAt: Date, loadAtStart: string): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return [
    `Quorum stream relay benchmark — ${startedAt.toISOString()}`,
    `${os.availableParallelism()} cores (${cpu}), Node ${process.version}, ${os.platform()} ${os.release()}`,
    // Everything shares this machine's cores; a load well above zero before we start means the numbers are skewed.
    `load average (1/5/15 min): ${loadAtStart} at start, ${loadAverage()} at end`,
    `each stream: ${CHUNKS_PER_STREAM} chunks, ${CHUNK_INTERVAL_MS} ms apart; ` +
      `rounds: ${CONCURRENCY_LEVELS.map(({ concurrency, rounds }) => `c=${concurrency}×${rounds}`).join(', ')}; percentiles by nearest rank`,
  ].join('\n');
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  const stop = new AbortController();
  // Ctrl-C stops starting streams and cuts those in flight, and the finally below still cleans up.
  process.once('SIGINT', () => stop.abort(new Error('interrupted')));

  const clock = new ChunkWriteClock();
  // In this process, so its write times and the client's arrival times come from one clock.
  const simulator = await startProviderSimulator({
    defaultChunkCount: CHUNKS_PER_STREAM,
    defaultChunkDelayMs: CHUNK_INTERVAL_MS,
    onContentChunkWritten: clock.record,
  });
  let quorum: RunningQuorum | undefined;
  try {
    progress('starting the Quorum server and worker');
    quorum = await startQuorum(simulator.openaiBaseUrl);
    const paths = [directPath(simulator.openaiBaseUrl), quorumPath(quorum.baseUrl)];
    progress('warming up');
    await warmUp(paths, clock, stop.signal, quorum);
    const summaries = await measure(paths, clock, stop.signal);

    const failures = formatFailures(summaries);
    console.log(
      [
        reportHeader(startedAt, loadAtStart),
        '',
        formatLatencyTable(summaries),
        '',
        'quorum vs direct, p50 (added = quorum − direct)',
        formatComparisonTable(summaries),
        '',
        'first chunk, where the time goes (p50 of each part)',
        formatFirstChunkBreakdown(summaries),
        ...(failures.length > 0 ? ['', 'FAILED STREAMS (left out of the percentiles):', ...failures] : []),
        '',
        `took ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s`,
      ].join('\n'),
    );
    return failures.length > 0 ? 1 : 0;
  } finally {
    progress('stopping Quorum and cleaning up');
    await quorum?.close();
    await simulator.close();
  }
}

main().then(
  (exitCode) => {
    process.exitCode = exitCode;
    // Everything is closed, so the process should end by itself; should some handle linger, do not hang on it.
    setTimeout(() => process.exit(), 5_000).unref();
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
