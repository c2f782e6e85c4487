/**
 * Where a single answer's first token spends its time through Quorum, step by step, at c=1 and c=16: the server
 * and worker run with `QUORUM_STAGE_TRACE=1` and print when each step was reached (core/tracing/stage-trace.ts);
 * this lines those up with the client's send and arrival times and the simulator's first write, on one clock.
 *
 *   node --import tsx benchmarks/first-token-steps.bench.ts [--json]      (npm run bench:steps)
 *
 * Tracing costs a few microseconds per step, so the totals here run a little above `npm run bench`'s.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startProviderSimulator, type RunningProviderSimulator } from '../simulator/provider-simulator.ts';
import { simulatorBaseUrls } from '../simulator/simulator-base-urls.ts';
import { benchmarkPrompt, CHUNK_INTERVAL_MS, CHUNKS_PER_STREAM, SINGLE_MODEL, STREAM_TIMEOUT_MS, VENDOR_IDS, type VendorId } from './benchmark-plan.ts';
import { ChunkWriteClock } from './chunk-write-clock.ts';
import { createFundedUsers, type FundedUsers } from './funded-users.ts';
import { percentile } from './percentiles.ts';
import { readServerSentEvents } from './read-server-sent-events.ts';
import { startQuorum } from './start-quorum.ts';
import { wallClockMs } from '../core/tracing/index.ts';
import { formatTextTable } from './text-table.ts';
import type { QuorumStage } from '../core/metrics/index.ts';

const LEVELS = [
  { concurrency: 1, rounds: 30 },
  { concurrency: 16, rounds: 4 },
] as const;

/**
 * The steps on the way to the first token, in the order they usually happen. Each row shows when the step was
 * reached (since the client sent the question) and the time since the row above; the worker's provider call runs
 * while it claims the run, so a step can finish before the one above it and its "since above" is negative.
 */
const CHAIN = [
  ['client', 'sent'],
  ['server', 'received'],
  ['server', 'session'],
  ['server', 'limits-counted'],
  ['server', 'admission-start'],
  ['server', 'holds-committed'],
  ['server', 'jobs-enqueued'],
  ['worker', 'job-taken'],
  ['worker', 'provider-called'],
  ['worker', 'run-claimed'],
  ['worker', 'run-started'],
  ['simulator', 'first-write'],
  ['worker', 'first-delta'],
  ['worker', 'first-delta-appended'],
  ['server', 'first-delta-heard'],
  ['server', 'first-chunk-written'],
  ['client', 'first-chunk'],
] as const;

/** What each step's row measures, in words. */
const STEP_NAMES: Record<string, string> = {
  'server received': 'HTTP request reaches the server',
  'server session': 'session cookie resolved (memory, else Postgres)',
  'server limits-counted': 'ask rate limits counted (Redis)',
  'server admission-start': 'body checks, tier rules, prices',
  'server holds-committed': 'admission transaction (account lock, holds, rows)',
  'server jobs-enqueued': 'BullMQ job added',
  'worker job-taken': 'worker picks the job up',
  'worker provider-called': 'provider call started',
  'worker run-claimed': 'run claimed (Postgres), provider call under way',
  'worker run-started': 'run lease + run_start event (Redis)',
  'simulator first-write': 'provider writes the first chunk',
  'worker first-delta': 'first chunk parsed by the SDK in the worker',
  'worker first-delta-appended': 'chunk appended + published (Redis)',
  'server first-delta-heard': 'server hears it (pub/sub) and hands it to the relay',
  'server first-chunk-written': 'SSE frame written',
  'client first-chunk': 'frame reaches the client',
};

interface TracedStream {
  requestId: string;
  points: Map<string, number>;
}

interface StageTraceLine {
  requestId: string;
  process: 'server' | 'worker';
  steps: [string, number][];
}

async function tracedStream(baseUrl: string, users: FundedUsers, clock: ChunkWriteClock): Promise<TracedStream | string> {
  const tag = clock.newTag([SINGLE_MODEL.engine]);
  const points = new Map<string, number>();
  let requestId: string | undefined;
  let failure: string | undefined;
  const sentAt = wallClockMs();
  points.set('client sent', sentAt);
  const response = await fetch(`${baseUrl}/api/search/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: users.nextCookie() },
    body: JSON.stringify({ model: SINGLE_MODEL.engine, specificModel: SINGLE_MODEL.model, query: benchmarkPrompt(tag, CHUNKS_PER_STREAM, CHUNK_INTERVAL_MS) }),
    signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
  });
  if (response.status !== 200 || !response.body) return `HTTP ${response.status}`;
  await readServerSentEvents(response.body, (event, receivedAt) => {
    if (event.event === 'start') requestId = (JSON.parse(event.data) as { requestId: string }).requestId;
    else if (event.event === 'chunk' && !points.has('client first-chunk')) points.set('client first-chunk', performance.timeOrigin + receivedAt);
    else if (event.event === 'error') failure = event.data;
  });
  const firstWrite = clock.take(SINGLE_MODEL.engine, tag)[0]?.writtenAt;
  if (failure !== undefined || requestId === undefined || firstWrite === undefined) return failure ?? 'no start event or no write';
  points.set('simulator first-write', performance.timeOrigin + firstWrite);
  return { requestId, points };
}

function addTraces(streams: TracedStream[], output: string): void {
  const byRequest = new Map(streams.map((stream) => [stream.requestId, stream]));
  for (const line of output.split('\n')) {
    const start = line.indexOf('stage-trace {');
    if (start === -1) continue;
    const trace = JSON.parse(line.slice(start + 'stage-trace '.length)) as StageTraceLine;
    const stream = byRequest.get(trace.requestId);
    if (!stream) continue;
    for (const [step, at] of trace.steps) stream.points.set(`${trace.process} ${step}`, at);
  }
}

/**
 * The stages operators see in production as `quorum_stage_seconds{stage=…}` (core/metrics/quorum-stages.ts), each
 * as the span between two of the steps above, so the benchmark and the metrics speak of the same things.
 */
const STAGES: readonly (readonly [QuorumStage, string, string])[] = [
  ['admission', 'server received', 'server jobs-enqueued'],
  ['enqueue_to_pickup', 'server jobs-enqueued', 'worker job-taken'],
  ['pickup_to_provider_call', 'worker job-taken', 'worker provider-called'],
  ['provider_first_byte_to_browser', 'worker first-delta', 'server first-chunk-written'],
];

function stageRows(streams: TracedStream[]): { stage: QuorumStage; p50Ms: number; p90Ms: number }[] {
  return STAGES.map(([stage, from, to]) => {
    const samples = streams.flatMap(({ points }) => (points.has(from) && points.has(to) ? [points.get(to)! - points.get(from)!] : []));
    return { stage, p50Ms: percentile(samples, 50), p90Ms: percentile(samples, 90) };
  });
}

interface StepRow {
  step: string;
  /** When the step was reached, since the client sent the question. */
  atP50Ms: number;
  /** Time since the step above. */
  p50Ms: number;
  p90Ms: number;
}

function stepRows(streams: TracedStream[]): StepRow[] {
  const rows: StepRow[] = [];
  for (let index = 1; index < CHAIN.length; index += 1) {
    const from = CHAIN[index - 1]!.join(' ');
    const to = CHAIN[index]!.join(' ');
    const samples = streams.flatMap(({ points }) => (points.has(from) && points.has(to) ? [points.get(to)! - points.get(from)!] : []));
    const reached = streams.flatMap(({ points }) => (points.has(to) ? [points.get(to)! - points.get('client sent')!] : []));
    rows.push({ step: to, atP50Ms: percentile(reached, 50), p50Ms: percentile(samples, 50), p90Ms: percentile(samples, 90) });
  }
  const totals = streams.map(({ points }) => points.get('client first-chunk')! - points.get('client sent')!);
  rows.push({ step: 'total', atP50Ms: percentile(totals, 50), p50Ms: percentile(totals, 50), p90Ms: percentile(totals, 90) });
  return rows;
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const clock = new ChunkWriteClock();
  const simulators: RunningProviderSimulator[] = [];
  const vendorBaseUrls = {} as Record<VendorId, string>;
  for (const vendor of VENDOR_IDS) {
    const simulator = await startProviderSimulator({ onContentChunkWritten: clock.recorder(vendor) });
    simulators.push(simulator);
    vendorBaseUrls[vendor] = simulatorBaseUrls(simulator.url)[vendor];
  }
  const quorum = await startQuorum(vendorBaseUrls, { environment: { QUORUM_STAGE_TRACE: '1' } });
  const results: Record<string, StepRow[]> = {};
  const stages: Record<string, ReturnType<typeof stageRows>> = {};
  try {
    const users = await createFundedUsers(quorum.config, 32);
    // Warm-up, unmeasured: compiled code, open connections.
    for (let stream = 0; stream < 5; stream += 1) await tracedStream(quorum.baseUrl, users, clock);
    await Promise.all(Array.from({ length: 16 }, () => tracedStream(quorum.baseUrl, users, clock)));
    for (const { concurrency, rounds } of LEVELS) {
      const streams: TracedStream[] = [];
      let failed = 0;
      for (let round = 0; round < rounds; round += 1) {
        const outcomes = await Promise.all(Array.from({ length: concurrency }, () => tracedStream(quorum.baseUrl, users, clock)));
        for (const outcome of outcomes) {
          if (typeof outcome === 'string') failed += 1;
          else streams.push(outcome);
        }
      }
      // The traces are written when the first chunk goes out; give the pipes a moment to deliver the last lines.
      await sleep(200);
      addTraces(streams, quorum.output());
      results[String(concurrency)] = stepRows(streams);
      stages[String(concurrency)] = stageRows(streams);
      console.error(`[bench:steps] c=${concurrency}: ${streams.length} streams traced, ${failed} failed`);
    }
  } finally {
    await quorum.close();
    await Promise.all(simulators.map((simulator) => simulator.close()));
  }

  const levels = LEVELS.map(({ concurrency }) => String(concurrency));
  const header = ['step', ...levels.flatMap((level) => [`c=${level}: reached at (p50)`, 'since above p50', 'p90'])];
  const body = results[levels[0]!]!.map((row, index) => [
    row.step === 'total' ? 'total: sent → first chunk received' : `${STEP_NAMES[row.step] ?? row.step}`,
    ...levels.flatMap((level) => {
      const levelRow = results[level]![index]!;
      return [`${levelRow.atP50Ms.toFixed(2)} ms`, `${levelRow.p50Ms.toFixed(2)} ms`, `${levelRow.p90Ms.toFixed(2)} ms`];
    }),
  ]);
  console.log(formatTextTable(header, body));
  console.log('');
  console.log("Quorum's own stages, as the quorum_stage_seconds histogram names them");
  console.log(
    formatTextTable(
      ['stage', ...levels.flatMap((level) => [`c=${level} p50`, 'p90'])],
      STAGES.map(([stage], index) => [
        stage,
        ...levels.flatMap((level) => [`${stages[level]![index]!.p50Ms.toFixed(2)} ms`, `${stages[level]![index]!.p90Ms.toFixed(2)} ms`]),
      ]),
    ),
  );
  if (json) {
    const summary = Object.fromEntries(
      levels.map((level) => [
        level,
        {
          ...Object.fromEntries(results[level]!.map((row) => [row.step, { reachedAtP50Ms: row.atP50Ms, sinceAboveP50Ms: row.p50Ms, sinceAboveP90Ms: row.p90Ms }])),
          stages: Object.fromEntries(stages[level]!.map((row) => [row.stage, { p50Ms: row.p50Ms, p90Ms: row.p90Ms }])),
        },
      ]),
    );
    console.log(JSON.stringify(summary));
  }
}

await main();
