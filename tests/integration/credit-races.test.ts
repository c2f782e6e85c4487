import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { RequestEventWriter } from '../../core/events/request-event-writer.ts';
import { sweepStaleRuns } from '../../worker/stale-run-sweeper.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { startQuorumProcess, type QuorumProcess } from '../support/quorum-processes.ts';
import { SEARCH_BODY, postSearchStream } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { AnswerQueue } from '../../core/jobs/answer-queue.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ withWorker: false, environment: { RUN_LEASE_MS: '1500', DATABASE_POOL_SIZE: '20' } });
});

afterAll(async () => {
  await stack?.close();
});

const payerWith = (credits: number) => createPayer(stack.records(), stack.config, credits);
const ledger = (accountId: string) => accountLedger(stack.records(), accountId);

describe('admission races', () => {
  // gpt-4o-mini costs 6: 60 credits cover exactly 10 answers, 600 exactly 100.
  it.each([
    { credits: 60, affordable: 10 },
    { credits: 600, affordable: 100 },
  ])('admits exactly what one account can afford out of 200 concurrent requests ($affordable)', async ({ credits, affordable }) => {
    const payer = await payerWith(credits);
    const attempts = Array.from({ length: 200 }, async (_, index) => {
      const controller = new AbortController();
      const response = await fetch(`${stack.baseUrl}/api/search/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: payer.cookie },
        body: JSON.stringify({ ...SEARCH_BODY, query: `Race ${index}` }),
        signal: controller.signal,
      });
      const status = response.status;
      controller.abort();
      return status;
    });
    const statuses = await Promise.all(attempts);
    expect(statuses.filter((status) => status === 200)).toHaveLength(affordable);
    expect(statuses.filter((status) => status === 402)).toHaveLength(200 - affordable);
    expect(await ledger(payer.accountId)).toEqual({ balance: credits, held: credits });
    // One hold per admission, none beyond what the account holds.
    const [holds] = await stack.records().getConnection().execute<{ count: string }[]>(`select count(*) from credit_holds where account_id = ?`, [payer.accountId]);
    expect(Number(holds!.count)).toBe(affordable);
  }, 60_000);
});

describe('a worker killed around settlement', () => {
  let worker: QuorumProcess | undefined;

  afterEach(async () => {
    await worker?.kill('SIGKILL');
  });

  // Each round starts a worker process of its own: allow for its start-up on a busy machine.
  it.each([1, 2, 3])('charges once or not at all, never both (round %i)', { timeout: 90_000 }, async () => {
    const payer = await payerWith(150);
    worker = startQuorumProcess('worker/main.ts', { ...stack.environment, LOG_LEVEL: 'info' });
    await worker.waitForOutput('worker ready');
    let killing: Promise<unknown> | undefined;
    const result = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: `Last chunk then die ${randomUUID()} [[simulate chunks=5 chunk-ms=5]]` }, {
      headers: { cookie: payer.cookie },
      onEvent: (event) => {
        // The fifth chunk is the provider's last: kill the worker somewhere between it and settlement.
        if (event.event === 'chunk' && String(event.id) === '6') killing = worker!.kill('SIGKILL');
      },
    });
    await killing;
    const runId = String(result.events[0]!.data.runId);

    // Let the lease lapse, then sweep as a restarted worker would.
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    const queue = new AnswerQueue({ url: stack.config.redis.url }, stack.config.redis.keyPrefix, stack.config.redis.answerQueuePartitions);
    await sweepStaleRuns({
      orm: stack.app.orm,
      redis: stack.app.redis,
      queue,
      writer: new RequestEventWriter(stack.app.redis, { keyPrefix: stack.config.redis.keyPrefix, streamTtlSeconds: 600, streamMaxEvents: 1_000 }),
      logger: pino({ level: 'silent' }),
      keyPrefix: stack.config.redis.keyPrefix,
      runLeaseMs: 1_500,
      queueWaitTimeoutMs: 60_000,
    });
    await queue.close();

    const run = await stack.records().findOneOrFail(ModelRun, runId);
    const [hold] = await stack.records().getConnection().execute<{ status: string }[]>(`select status from credit_holds where run_id = ?`, [runId]);
    const [charges] = await stack.records().getConnection().execute<{ count: string }[]>(
      `select count(*) from credit_entries where reference = ?`,
      [`charge:${runId}`],
    );
    const balances = await ledger(payer.accountId);
    expect(balances.held).toBe(0);
    if (run.status === 'completed') {
      expect(hold!.status).toBe('captured');
      expect(Number(charges!.count)).toBe(1);
      expect(balances.balance).toBe(144);
    } else {
      expect(run.status).toBe('error');
      expect(hold!.status).toBe('released');
      expect(Number(charges!.count)).toBe(0);
      expect(balances.balance).toBe(150);
    }
  });
});
