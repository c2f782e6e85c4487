import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerProcess, type RunningWorkerProcess } from '../../worker/worker-process.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';
import { startOwnRedis, type OwnRedis } from '../support/own-redis.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * After Redis restarts and forgets every key, BullMQ complains about the jobs that were running: their locks can no
 * longer be renewed, and their keys are missing when they are moved to finished. Postgres is the record, and the
 * answers end correctly all the same, so those lines are warnings, not errors. Here with a real worker, its real
 * BullMQ and ioredis connections, and a Redis of the test's own that is killed and started again mid-answer.
 */

interface LogLine {
  level: number;
  msg: string;
  jobId?: string;
  notice?: string;
  runEnding?: string;
  err?: { message: string };
}

const RESTART_NOTICE = /could not renew lock for job|Missing (key|lock) for job .*moveTo|job stalled more than allowable limit/;

describe('the worker’s log after a Redis restart', () => {
  let redis: OwnRedis;
  let stack: TestStack;
  let worker: RunningWorkerProcess;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    redis = await startOwnRedis();
    stack = await startTestStack({ environment: { REDIS_URL: redis.url }, withWorker: false });
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    worker = await startWorkerProcess(stack.config, logger);
  });

  afterAll(async () => {
    await worker?.close(500);
    await stack?.close();
    await redis?.stop();
  });

  it('warns, not errs, about the lock it could not renew and the job key it found missing, once the answer ended correctly', { timeout: 180_000 }, async () => {
    let restarted: Promise<void> | undefined;
    let chunks = 0;
    // About 25 seconds of answer: long enough for BullMQ to try renewing the lock (every 7.5 s) after the restart.
    const asked = stack.ask(
      { ...SEARCH_BODY, query: 'A long answer through a Redis restart [[simulate chunks=500 chunk-ms=50]]' },
      {
        onEvent: (event) => {
          if (event.event === 'chunk' && ++chunks === 10) restarted = redis.restart({ downForMs: 300 });
        },
      },
    );
    const result = await asked;
    await restarted;
    const requestId = String(result.events[0]!.data.requestId);
    const records = stack.records();
    await expect
      .poll(
        async () => (await records.getConnection().execute<{ status: string }[]>(`select status from model_runs where request_id = ?`, [requestId]))[0]?.status,
        { timeout: underLoad(60_000), interval: 250 },
      )
      .toBe('completed');
    const [run] = await records.getConnection().execute<{ id: string }[]>(`select id from model_runs where request_id = ?`, [requestId]);

    // BullMQ's notices about this job: written once the answer had ended, each as a warning.
    const notices = () => lines.filter((line) => RESTART_NOTICE.test(line.err?.message ?? ''));
    await expect.poll(() => notices().map((line) => line.notice), { timeout: underLoad(30_000), interval: 250 }).toEqual(
      expect.arrayContaining(['lock-not-renewed', 'job-missing-at-finish']),
    );
    for (const line of notices()) {
      expect(line).toMatchObject({ level: 40, jobId: run!.id, runEnding: 'completed' });
      expect(line.msg).toContain('after Redis restarted; the answer ended correctly');
    }
    expect(lines.filter((line) => line.level >= 50 && RESTART_NOTICE.test(`${line.msg} ${line.err?.message ?? ''}`))).toEqual([]);
  });
});
