/**
 * What Quorum's relay (server → queue → worker → provider → Redis → server → browser) adds on top of the provider,
 * at several concurrencies, against calling the same simulator directly: single-model searches, then three-model
 * comparisons with the server's and worker's memory per open stream. See benchmarks/README.md.
 *
 *   node --import tsx benchmarks/stream-relay.bench.ts     (npm run bench)
 *
 * The report goes to stdout, progress to stderr. Exits 1 when any measured stream failed, since the numbers
 * then describe only the streams that got through.
 */
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startProviderSimulator, type RunningProviderSimulator } from '../simulator/provider-simulator.ts';
import { simulatorBaseUrls } from '../simulator/simulator-base-urls.ts';
import type { BenchmarkPath, ComparisonPath } from './benchmark-path.ts';
import {
  CHUNK_INTERVAL_MS,
  CHUNKS_PER_STREAM,
  COMPARISON_CHUNK_INTERVAL_MS,
  COMPARISON_CHUNKS_PER_STREAM,
  COMPARISON_LEVELS,
  COMPARISON_MODELS,
  COMPARISON_WARM_UP_CONCURRENCY,
  COMPARISON_WARM_UP_SEQUENTIAL,
  CONCURRENCY_LEVELS,
  FUNDED_USERS,
  MEMORY_IDLE_SETTLE_MS,
  MEMORY_SAMPLE_INTERVAL_MS,
  SINGLE_MODEL,
  VENDOR_IDS,
  WARM_UP_CONCURRENCY,
  WARM_UP_SEQUENTIAL_STREAMS,
  type VendorId,
} from './benchmark-plan.ts';
import { readBenchArguments } from './bench-arguments.ts';
import { ChunkWriteClock } from './chunk-write-clock.ts';
import { describeCpu, joinIntervals, readCpu, type CpuReading } from './cpu-usage.ts';
import { formatSpreadTable, medianSummaries } from './run-medians.ts';
import { directComparisonPath, directPath } from './direct-path.ts';
import { createFundedUsers } from './funded-users.ts';
import { summariseMemory, type MemoryReport } from './memory-report.ts';
import { residentKibOf, sampleMemory } from './process-memory.ts';
import { streamBenchSummary } from './json-summary.ts';
import { InFlightRequests, quorumComparisonPath, quorumPath } from './quorum-path.ts';
import {
  formatComparisonAddedTable,
  formatComparisonLatencyTable,
  formatComparisonTable,
  formatFailures,
  formatFirstChunkBreakdown,
  formatLatencyTable,
  formatMemoryTable,
} from './results-report.ts';
import { runComparison, runComparisonRound, runRound, runStream } from './run-streams.ts';
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

/** Unmeasured comparisons on both paths, as for single streams. Stops if Quorum cannot answer comparisons. */
async function warmUpComparisons(paths: readonly ComparisonPath[], clock: ChunkWriteClock, stop: AbortSignal, quorum: RunningQuorum): Promise<void> {
  for (const path of paths) {
    const outcomes: StreamOutcome[] = [];
    for (let comparison = 0; comparison < COMPARISON_WARM_UP_SEQUENTIAL; comparison += 1) {
      stop.throwIfAborted();
      outcomes.push(...(await runComparison(path, clock, stop)));
    }
    stop.throwIfAborted();
    outcomes.push(...(await runComparisonRound(path, clock, COMPARISON_WARM_UP_CONCURRENCY, stop)));
    const failures = outcomes.filter((outcome) => outcome.failure !== undefined);
    if (failures.length > outcomes.length / 2) {
      throw new Error(
        `comparison warm-up on the ${path.name} path failed ${failures.length} of ${outcomes.length} model streams, first: ${failures[0]!.failure}\n${quorum.outputTail()}`,
      );
    }
    if (failures.length > 0) progress(`comparison warm-up on the ${path.name} path: ${failures.length} of ${outcomes.length} model streams failed`);
  }
}

/** Both processes' memory with nothing running: the median of a few readings after a quiet spell. */
async function idleMemory(quorum: RunningQuorum, stop: AbortSignal): Promise<{ serverKib: number; workerKib: number }> {
  await sleep(MEMORY_IDLE_SETTLE_MS, undefined, { signal: stop });
  const readings: { serverKib: number; workerKib: number }[] = [];
  for (let reading = 0; reading < 5; reading += 1) {
    readings.push({ serverKib: residentKibOf(quorum.serverPids), workerKib: residentKibOf(quorum.workerPids) });
    await sleep(50, undefined, { signal: stop });
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { serverKib: median(readings.map((r) => r.serverKib)), workerKib: median(readings.map((r) => r.workerKib)) };
}

/**
 * Every comparison level, rounds alternating between the paths. The top level's Quorum round is also the memory
 * round: both processes are read at idle just before it and every few milliseconds during it.
 */
async function measureComparisons(
  paths: readonly ComparisonPath[],
  clock: ChunkWriteClock,
  stop: AbortSignal,
  quorum: RunningQuorum,
  inFlight: InFlightRequests,
  withMemory: boolean,
): Promise<{ summaries: PathSummary[]; memory: MemoryReport | undefined }> {
  const summaries: PathSummary[] = [];
  const topConcurrency = Math.max(...COMPARISON_LEVELS.map(({ concurrency }) => concurrency));
  let memory: MemoryReport | undefined;
  for (const { concurrency, rounds } of COMPARISON_LEVELS) {
    const outcomes = paths.map(() => [] as StreamOutcome[]);
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, path] of paths.entries()) {
        stop.throwIfAborted();
        const memoryRound = withMemory && path.name === 'quorum' && concurrency === topConcurrency && memory === undefined;
        if (!memoryRound) {
          outcomes[index]!.push(...(await runComparisonRound(path, clock, concurrency, stop)));
          continue;
        }
        const idle = await idleMemory(quorum, stop);
        const watched = watchedProcesses(quorum);
        const cpuBefore = readCpu(watched);
        const sampler = sampleMemory({ servers: quorum.serverPids, workers: quorum.workerPids }, () => inFlight, MEMORY_SAMPLE_INTERVAL_MS);
        try {
          outcomes[index]!.push(...(await runComparisonRound(path, clock, concurrency, stop)));
        } finally {
          const samples = sampler.stop();
          const cpu = describeCpu(`the c=${concurrency} Quorum round`, cpuBefore, readCpu(watched), os.availableParallelism());
          memory = summariseMemory(concurrency, COMPARISON_MODELS.length, idle, samples, cpu);
        }
      }
    }
    for (const [index, path] of paths.entries()) summaries.push(summariseOutcomes(concurrency, path.name, outcomes[index]!));
    progress(`comparisons c=${concurrency}: ${rounds} round${rounds === 1 ? '' : 's'} per path done`);
  }
  return { summaries, memory };
}

function describeMemoryRound(memory: MemoryReport): string[] {
  const { comparisons, modelStreams } = memory.busiest.open;
  return [
    `memory during the c=${memory.concurrency} Quorum round (${memory.concurrency * memory.modelsPerComparison} model streams): VmRSS read every ` +
      `${MEMORY_SAMPLE_INTERVAL_MS} ms (${memory.readings} readings); idle = just before the round; streaming = the reading with the most`,
    `model streams between model_start and model_complete: ${modelStreams}, with ${comparisons} comparisons open, ` +
      `${(memory.busiestAfterMs / 1000).toFixed(1)} s into the round`,
  ];
}

/** The processes whose CPU the report shows: the benchmark itself, every server and every worker. */
function watchedProcesses(quorum: RunningQuorum): Record<string, number> {
  const numbered = (kind: string, pids: readonly number[]) => pids.map((pid, index) => [pids.length === 1 ? kind : `${kind} ${index + 1}`, pid] as const);
  // On a Redis Cluster, each master's own share too (replicas only copy what their master writes).
  const masters = quorum.cluster ? quorum.cluster.masters.map((port) => [`redis :${port}`, quorum.cluster!.pids.get(port)!] as const) : [];
  return Object.fromEntries([['benchmark', process.pid], ...numbered('server', quorum.serverPids), ...numbered('worker', quorum.workerPids), ...masters]);
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

/** With `--redis-cluster`, the JSON line says so in a `cluster` section: the shape of the cluster the run used. */
function withClusterSection<Summary extends object>(summary: Summary, quorum: RunningQuorum): Summary & { cluster?: object } {
  if (!quorum.cluster) return summary;
  const { masters, replicas, nodes } = quorum.cluster;
  return { ...summary, cluster: { masters: masters.length, replicas: replicas.length, nodes: nodes.split(',').length, servers: quorum.serverPids.length, workers: quorum.workerPids.length } };
}

function reportHeader(startedAt: Date, loadAtStart: string, processes: { servers: number; workers: number; redisCluster: boolean }): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return [
    `Quorum stream relay benchmark — ${startedAt.toISOString()}`,
    `${os.availableParallelism()} cores (${cpu}), Node ${process.version}, ${os.platform()} ${os.release()}`,
    // Everything shares this machine's cores; a load well above zero before we start means the numbers are skewed.
    `load average (1/5/15 min): ${loadAtStart} at start, ${loadAverage()} at end`,
    `single-model streams: ${CHUNKS_PER_STREAM} chunks, ${CHUNK_INTERVAL_MS} ms apart; ` +
      `rounds: ${CONCURRENCY_LEVELS.map(({ concurrency, rounds }) => `c=${concurrency}×${rounds}`).join(', ')}`,
    `comparisons: ${COMPARISON_MODELS.map(({ engine, model }) => `${engine}/${model}`).join(' + ')}, each ` +
      `${COMPARISON_CHUNKS_PER_STREAM} chunks ${COMPARISON_CHUNK_INTERVAL_MS} ms apart; ` +
      `rounds: ${COMPARISON_LEVELS.map(({ concurrency, rounds }) => `c=${concurrency}×${rounds}`).join(', ')}`,
    `requests paid by ${FUNDED_USERS} funded users in turn; percentiles by nearest rank`,
    `Quorum: ${processes.servers} server process${processes.servers === 1 ? '' : 'es'} (requests in turn), ${processes.workers} worker${processes.workers === 1 ? '' : 's'}` +
      (processes.redisCluster ? ', on a local Redis Cluster (3 masters, 1 replica each)' : ', on one Redis'),
  ].join('\n');
}

async function main(): Promise<number> {
  const options = readBenchArguments();
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  const stop = new AbortController();
  // Ctrl-C stops starting streams and cuts those in flight, and the finally below still cleans up.
  process.once('SIGINT', () => stop.abort(new Error('interrupted')));

  const clock = new ChunkWriteClock();
  // In this process, so their write times and the client's arrival times come from one clock. One simulator per
  // vendor: the write hook does not say which model a chunk belongs to, but each simulator's hook knows its vendor.
  const simulators = new Map<VendorId, RunningProviderSimulator>();
  let quorum: RunningQuorum | undefined;
  try {
    for (const vendor of VENDOR_IDS) {
      simulators.set(vendor, await startProviderSimulator({ onContentChunkWritten: clock.recorder(vendor) }));
    }
    const vendorBaseUrls = Object.fromEntries(
      VENDOR_IDS.map((vendor) => [vendor, simulatorBaseUrls(simulators.get(vendor)!.url)[vendor]]),
    ) as Record<VendorId, string>;

    progress('starting the Quorum server and worker');
    quorum = await startQuorum(vendorBaseUrls, {
      servers: options.servers,
      workers: options.workers,
      redisCluster: options.redisCluster,
      // Node writes each process's profile when it exits (the benchmark stops them with SIGTERM at the end).
      ...(options.cpuProfileDirectory ? { environment: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(options.cpuProfileDirectory)}` } } : {}),
    });
    progress(`creating ${FUNDED_USERS} funded users`);
    const users = await createFundedUsers(quorum.config, FUNDED_USERS);

    const paths = [directPath(vendorBaseUrls[SINGLE_MODEL.engine], SINGLE_MODEL.model), quorumPath(quorum.baseUrls, users)];
    const inFlight = new InFlightRequests();
    const comparisonPaths = [directComparisonPath(vendorBaseUrls), quorumComparisonPath(quorum.baseUrls, users, inFlight)];
    const watched = watchedProcesses(quorum);
    progress('single-model streams: warming up');
    await warmUp(paths, clock, stop.signal, quorum);
    progress('comparisons: warming up');
    await warmUpComparisons(comparisonPaths, clock, stop.signal, quorum);
    // Every level measured `runs` times, one whole pass after another, so a busy spell on the shared machine lands
    // in one run's numbers and the medians step over it. Memory is read in the first pass only.
    const singleRuns: PathSummary[][] = [];
    const comparisonRuns: PathSummary[][] = [];
    let memory: MemoryReport | undefined;
    const singleCpu: [CpuReading | undefined, CpuReading | undefined][] = [];
    const comparisonCpu: [CpuReading | undefined, CpuReading | undefined][] = [];
    for (let run = 1; run <= options.runs; run += 1) {
      progress(`run ${run} of ${options.runs}`);
      const singleStart = readCpu(watched);
      singleRuns.push(await measure(paths, clock, stop.signal));
      singleCpu.push([singleStart, readCpu(watched)]);
      const comparisonStart = readCpu(watched);
      const comparisons = await measureComparisons(comparisonPaths, clock, stop.signal, quorum, inFlight, run === 1);
      comparisonCpu.push([comparisonStart, readCpu(watched)]);
      comparisonRuns.push(comparisons.summaries);
      memory ??= comparisons.memory;
    }
    const summaries = medianSummaries(singleRuns);
    const comparisons = { summaries: medianSummaries(comparisonRuns), memory };
    const cores = os.availableParallelism();
    const jsonSummary = streamBenchSummary(singleRuns, comparisonRuns, memory);

    const failures = formatFailures(summaries);
    const comparisonFailures = formatFailures(comparisons.summaries).map((line) => `comparisons ${line}`);
    console.log(
      [
        reportHeader(startedAt, loadAtStart, options),
        // "Everything else" well above what Postgres and Redis need means something else competed for the cores.
        describeCpu('the single-model rounds', ...joinIntervals(singleCpu), cores),
        describeCpu('the comparison rounds', ...joinIntervals(comparisonCpu), cores),
        '',
        `what Quorum adds, median of ${options.runs} run${options.runs === 1 ? '' : 's'} (lowest … highest run in brackets); the tables below are medians too`,
        formatSpreadTable('single', jsonSummary.single),
        formatSpreadTable('comparisons', jsonSummary.compare),
        '',
        formatLatencyTable(summaries),
        '',
        'quorum vs direct, p50 (added = quorum − direct)',
        formatComparisonTable(summaries),
        '',
        'first chunk, where the time goes (p50 of each part)',
        formatFirstChunkBreakdown(summaries),
        '',
        `3-model comparisons (POST /api/compare/stream), per model stream; direct = the same number of model streams at once`,
        formatComparisonLatencyTable(comparisons.summaries, COMPARISON_MODELS.length),
        '',
        'comparisons: quorum vs direct (added = quorum − direct)',
        formatComparisonAddedTable(comparisons.summaries),
        '',
        'comparisons: first token, where the time goes (p50 of each part)',
        formatFirstChunkBreakdown(comparisons.summaries, 'comparisons'),
        ...(comparisons.memory
          ? [
              '',
              ...describeMemoryRound(comparisons.memory),
              formatMemoryTable(comparisons.memory),
              comparisons.memory.cpu,
            ]
          : []),
        ...(failures.length + comparisonFailures.length > 0
          ? [
              '',
              'FAILED STREAMS (left out of the percentiles):',
              ...failures,
              ...comparisonFailures,
              '',
              // At LOG_LEVEL=warn this is only trouble: lapsed leases, refused jobs, relay errors.
              'what the server and worker printed (last lines):',
              quorum.outputTail(),
            ]
          : []),
        '',
        `took ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s`,
        // The last line, so a script can take it with `tail -1`.
        ...(options.json ? [JSON.stringify(withClusterSection(jsonSummary, quorum))] : []),
      ].join('\n'),
    );
    return failures.length + comparisonFailures.length > 0 ? 1 : 0;
  } finally {
    progress('stopping Quorum and cleaning up');
    await quorum?.close();
    await Promise.all([...simulators.values()].map((simulator) => simulator.close()));
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
