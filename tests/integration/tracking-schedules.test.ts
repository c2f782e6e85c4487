import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openQueue } from '../../core/jobs/queue-catalogue.ts';
import { TRACKING_SLOT_JOB_NAME } from '../../core/jobs/job-registry.ts';
import { createPayer } from '../support/funded-user.ts';
import { startQuorumProcess, type QuorumProcess } from '../support/quorum-processes.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { openTestRedis } from '../support/isolated-resources.ts';

/**
 * The schedule's promises, with worker processes run as production runs them (killed and started at will) and a
 * "day" of 1.2 s: a slot runs once however many workers are up, a replayed job for a slot that ran does nothing,
 * and after every worker was down for several slots the schedule resumes with one late run, not one per missed slot.
 */

const DAY_MS = 1_200;
/**
 * An answer cut off by a worker's shutdown (past its grace) is ended by a live worker's sweep (every 15 s) once its
 * lease is seen lapsed twice, and that ending finishes its slot: on a busy machine, most of a minute after the restart.
 */
const CUT_OFF_SLOT_FINISHES_MS = 90_000;
/** Each case starts and stops worker processes and waits out several slots: far beyond the default test timeout. */
const SCENARIO_TIMEOUT_MS = 240_000;
let stack: TestStack;
const workers: QuorumProcess[] = [];

beforeAll(async () => {
  stack = await startTestStack({ withWorker: false, environment: { TRACKING_DAY_MS: String(DAY_MS) } });
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.kill()));
});

afterAll(async () => {
  await stack?.close();
});

async function startWorker(): Promise<QuorumProcess> {
  const worker = startQuorumProcess('worker/main.ts', { ...stack.environment, LOG_LEVEL: 'info' });
  workers.push(worker);
  await worker.waitForOutput('worker ready', 60_000);
  return worker;
}

const PROMPTS = ['Zorblax', 'Which widget vendors deserve attention'];

async function createSet(cookie: string): Promise<string> {
  const response = await fetch(`${stack.baseUrl}/api/tracking/sets`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Schedules', brand: { brandName: 'Zorblax' }, prompts: PROMPTS, models: [{ engine: 'openai', model: 'gpt-4o-mini' }], cadence: 'daily', samplesPerCell: 1 }),
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data.set.id;
}

async function pause(cookie: string, setId: string): Promise<void> {
  await fetch(`${stack.baseUrl}/api/tracking/sets/${setId}`, {
    method: 'PATCH',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'paused' }),
  });
}

interface RunRow {
  id: string;
  /** Milliseconds since the epoch. */
  slot_start: number;
  status: string;
  request_ids: string[];
}

const runs = (setId: string) =>
  stack.records().execute<RunRow[]>(`select id, (extract(epoch from slot_start) * 1000)::float8 as slot_start, status, request_ids from tracking_runs where set_id = ? order by slot_start`, [setId]);

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000, explain?: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${explain ? `: ${await explain()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every run admitted each prompt once: the owner's requests are exactly the runs' request ids. */
async function expectOneAdmissionPerPromptAndRun(userId: string, setId: string): Promise<void> {
  await until('open runs to finish', async () => (await runs(setId)).every((run) => run.status !== 'running'), CUT_OFF_SLOT_FINISHES_MS, async () =>
    JSON.stringify((await runs(setId)).map((run) => ({ slot: new Date(run.slot_start).toISOString(), status: run.status }))),
  );
  const all = await runs(setId);
  const [requests] = await stack.records().execute<{ count: number }[]>(`select count(*)::int as count from search_requests where user_id = ?`, [userId]);
  expect(requests!.count).toBe(all.filter((run) => run.status === 'completed').length * PROMPTS.length);
  const slots = all.map((run) => run.slot_start);
  expect(new Set(slots).size).toBe(slots.length);
}

describe('tracking schedules', () => {
  it('runs each slot once with two workers up, and a replayed job for a slot that ran does nothing', async () => {
    await Promise.all([startWorker(), startWorker()]);
    const payer = await createPayer(stack.records(), stack.config, 10_000);
    const setId = await createSet(payer.cookie);
    await until('four completed runs', async () => (await runs(setId)).filter((run) => run.status === 'completed').length >= 4);

    // The same slot's job again, as a replay or a second scheduler would produce it.
    const ran = (await runs(setId)).find((run) => run.status === 'completed')!;
    const connection = openTestRedis(stack.config.redis.url, stack.environment.REDIS_CLUSTER_NODES);
    const queue = openQueue('tracking', connection, stack.config.redis.keyPrefix);
    try {
      const replay = await queue.add(TRACKING_SLOT_JOB_NAME, { setId }, { jobId: `replay-${ran.id}`, timestamp: ran.slot_start + 1 });
      await until('the replayed job to finish', async () => (await queue.getJob(replay.id!))?.finishedOn !== undefined);
      expect((await queue.getJob(replay.id!))!.returnvalue).toBe('duplicate');
    } finally {
      await queue.close();
      await connection.quit();
    }
    await pause(payer.cookie, setId);
    await expectOneAdmissionPerPromptAndRun(payer.user.id, setId);
  }, SCENARIO_TIMEOUT_MS);

  it('survives a worker restart, and slots missed while no worker was up run once, late', async () => {
    const first = await startWorker();
    const payer = await createPayer(stack.records(), stack.config, 10_000);
    const setId = await createSet(payer.cookie);
    await until('two completed runs', async () => (await runs(setId)).filter((run) => run.status === 'completed').length >= 2);
    await first.kill('SIGTERM');
    workers.splice(workers.indexOf(first), 1);
    const downFrom = Date.now();
    // Several slots pass with no worker at all.
    await new Promise((resolve) => setTimeout(resolve, 4 * DAY_MS));
    const before = (await runs(setId)).length;
    await startWorker();
    const upAgain = Date.now();
    await until('two more runs', async () => (await runs(setId)).filter((run) => run.status === 'completed').length >= before + 2);
    await pause(payer.cookie, setId);
    await expectOneAdmissionPerPromptAndRun(payer.user.id, setId);

    // The slots that began while nobody could run them produced one run between them, not one each.
    const missed = (await runs(setId)).filter((run) => run.slot_start >= downFrom && run.slot_start + DAY_MS <= upAgain);
    expect(missed.length).toBeLessThanOrEqual(1);
    const lateOrMissed = (await runs(setId)).filter((run) => run.slot_start < upAgain && run.slot_start + DAY_MS > downFrom);
    expect(lateOrMissed.length).toBeLessThanOrEqual(2);
  }, SCENARIO_TIMEOUT_MS);
});
