/**
 * One tracking slot at full size: 25 prompts × 5 models × 3 samples per cell = 375 answers, from the slot's claim to
 * its recorded results, on a throwaway stack (in-process server and worker, the provider simulator) with a Redis of
 * its own, so Redis's numbers are this slot's alone. Prints:
 *
 * - wall time from the slot's claim to its completion, and how long the slot's own job held a tracking worker slot
 *   (it admits and ends; the answer that ends the last request queues the finishing job);
 * - Postgres load: `pg_stat_database` deltas for the benchmark's database (transactions, tuples read and written,
 *   blocks read and hit);
 * - Redis load: `INFO commandstats` deltas (calls per command, the busiest first) and Redis's own CPU seconds;
 * - worker memory: the resident set and heap of this process (server and worker, which do the work here), sampled
 *   every 100 ms: at the start, the peak and the end.
 *
 * Run: npx tsx benchmarks/tracking-slot.bench.ts. Add `--json` for one JSON line at the end.
 */
import { Redis } from 'ioredis';
import { openQueue, TRACKING_SLOT_JOB_NAME } from '../core/jobs/index.ts';
import { createFundedUser } from '../tests/support/funded-user.ts';
import { startOwnRedis } from '../tests/support/own-redis.ts';
import { startTestStack, type TestStack } from '../tests/support/test-stack.ts';
import { formatTextTable } from './text-table.ts';

const PROMPTS = 25;
const SAMPLES = 3;
const MODELS = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'deepseek', model: 'deepseek-chat' },
  { engine: 'anthropic', model: 'claude-3-haiku-20240307' },
  { engine: 'gemini', model: 'gemini-1.5-flash' },
  { engine: 'groq', model: 'llama-3.1-8b-instant' },
];
const PG_COLUMNS = ['xact_commit', 'xact_rollback', 'tup_returned', 'tup_fetched', 'tup_inserted', 'tup_updated', 'tup_deleted', 'blks_read', 'blks_hit'] as const;

type PgStats = Record<(typeof PG_COLUMNS)[number], number>;

async function pgStats(stack: TestStack): Promise<PgStats> {
  // The statistics collector publishes at most every 500 ms and a transaction caches its snapshot: clear it first.
  await stack.records().execute('select pg_stat_clear_snapshot()');
  const [row] = await stack.records().execute<PgStats[]>(
    `select ${PG_COLUMNS.map((column) => `${column}::float8 as ${column}`).join(', ')} from pg_stat_database where datname = current_database()`,
  );
  return row!;
}

async function redisCommandStats(redis: Redis): Promise<{ calls: Map<string, number>; cpuSeconds: number }> {
  const commands = await redis.info('commandstats');
  const calls = new Map<string, number>();
  for (const match of commands.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(match[1]!, Number(match[2]));
  const cpu = await redis.info('cpu');
  const seconds = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(cpu)?.[1] ?? 0);
  return { calls, cpuSeconds: seconds('used_cpu_sys') + seconds('used_cpu_user') };
}

function memorySampler() {
  const first = process.memoryUsage();
  let peakRss = first.rss;
  let peakHeap = first.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      const last = process.memoryUsage();
      return { first, last, peakRss: Math.max(peakRss, last.rss), peakHeap: Math.max(peakHeap, last.heapUsed) };
    },
  };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const redisServer = await startOwnRedis();
  // A real day: the set runs its first slot at once and no other during the measurement.
  const stack = await startTestStack({ environment: { TRACKING_DAY_MS: '86400000', REDIS_URL: redisServer.url } });
  const redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  const queue = openQueue('tracking', redis, stack.config.redis.keyPrefix);
  try {
    const cookie = await createFundedUser(stack.records(), stack.config, 'Bench slot');
    // Settle what starting up did before the first reading.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const pgBefore = await pgStats(stack);
    const redisBefore = await redisCommandStats(redis);
    const memory = memorySampler();
    const response = await fetch(`${stack.baseUrl}/api/tracking/sets`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench 25 × 5 × 3',
        brand: { brandName: 'Zorblax', competitors: ['Quentix', 'Vantorum'] },
        prompts: Array.from({ length: PROMPTS }, (_, index) => `Zorblax or Quentix for widgets, question ${index + 1}`),
        models: MODELS,
        cadence: 'daily',
        samplesPerCell: SAMPLES,
      }),
    });
    if (response.status !== 200) throw new Error(`creating the set failed: ${response.status} ${await response.text()}`);
    const setId = ((await response.json()) as { data: { set: { id: string } } }).data.set.id;
    let run: { seconds: number; results: number } | undefined;
    while (!run) {
      const [row] = await stack.records().execute<{ seconds: number; results: number }[]>(
        `select extract(epoch from completed_at - started_at)::float8 as seconds, (select count(*)::int from tracking_results where run_id = tracking_runs.id) as results
           from tracking_runs where set_id = ? and status = 'completed'`,
        [setId],
      );
      if (row) run = row;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const memoryUse = memory.stop();
    // Let the statistics collector catch up with the last transactions.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const pgAfter = await pgStats(stack);
    const redisAfter = await redisCommandStats(redis);
    const slotJob = (await queue.getJobs(['completed'])).find((job) => job.name === TRACKING_SLOT_JOB_NAME);
    const slotHeldSeconds = slotJob?.finishedOn && slotJob.processedOn ? (slotJob.finishedOn - slotJob.processedOn) / 1000 : null;

    const pgDelta = Object.fromEntries(PG_COLUMNS.map((column) => [column, pgAfter[column] - pgBefore[column]])) as PgStats;
    const commandDeltas = [...redisAfter.calls]
      .map(([command, calls]) => [command, calls - (redisBefore.calls.get(command) ?? 0)] as const)
      .filter(([, calls]) => calls > 0)
      .sort((a, b) => b[1] - a[1]);
    const redisCalls = commandDeltas.reduce((sum, [, calls]) => sum + calls, 0);
    const redisCpu = redisAfter.cpuSeconds - redisBefore.cpuSeconds;

    console.log(`Slot: ${PROMPTS} prompts × ${MODELS.length} models × ${SAMPLES} samples = ${PROMPTS * MODELS.length * SAMPLES} answers; ${run.results} recorded`);
    console.log(
      formatTextTable(
        ['measure', 'value'],
        [
          ['wall time, claim → completed', `${run.seconds.toFixed(2)} s`],
          ['slot job held a worker slot', slotHeldSeconds === null ? 'n/a' : `${slotHeldSeconds.toFixed(2)} s`],
          ['Postgres transactions (commit + rollback)', String(pgDelta.xact_commit + pgDelta.xact_rollback)],
          ['Postgres tuples returned / fetched', `${pgDelta.tup_returned} / ${pgDelta.tup_fetched}`],
          ['Postgres tuples inserted / updated / deleted', `${pgDelta.tup_inserted} / ${pgDelta.tup_updated} / ${pgDelta.tup_deleted}`],
          ['Postgres blocks read / hit', `${pgDelta.blks_read} / ${pgDelta.blks_hit}`],
          ['Redis commands', String(redisCalls)],
          ['Redis CPU (sys + user)', `${redisCpu.toFixed(2)} s`],
          ['worker RSS start / peak / end', `${mib(memoryUse.first.rss)} / ${mib(memoryUse.peakRss)} / ${mib(memoryUse.last.rss)}`],
          ['worker heap start / peak / end', `${mib(memoryUse.first.heapUsed)} / ${mib(memoryUse.peakHeap)} / ${mib(memoryUse.last.heapUsed)}`],
        ],
      ),
    );
    console.log('Busiest Redis commands:');
    console.log(formatTextTable(['command', 'calls'], commandDeltas.slice(0, 12).map(([command, calls]) => [command, String(calls)])));
    if (json) {
      console.log(
        JSON.stringify({
          answers: run.results,
          wallSeconds: run.seconds,
          slotHeldSeconds,
          postgres: pgDelta,
          redisCalls,
          redisCpuSeconds: redisCpu,
          peakRssMiB: Math.round(memoryUse.peakRss / 1024 / 1024),
        }),
      );
    }
  } finally {
    await queue.close();
    await redis.quit();
    await stack.close();
    await redisServer.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
