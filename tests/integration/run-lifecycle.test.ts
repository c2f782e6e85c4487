import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { analyseBrandMention } from '../../core/brand/brand-analysis.ts';
import { findBrandMention } from '../../core/brand/stored-brand-mentions.ts';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { readRequestEvents } from '../../core/events/request-event-reader.ts';
import { RequestEventWriter } from '../../core/events/request-event-writer.ts';
import { claimRun, completeRun, failRun } from '../../core/runs/run-lifecycle.ts';
import { sweepStaleRuns } from '../../worker/stale-run-sweeper.ts';
import { createPayer } from '../support/funded-user.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { AnswerQueue } from '../../core/jobs/answer-queue.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ withWorker: false });
});

afterAll(async () => {
  await stack?.close();
});

async function storeRequest(runCount: number, overrides: Partial<{ startedAt: Date; status: 'queued' | 'running' }> = {}) {
  const em = stack.records();
  const request = em.create(SearchRequest, { id: randomUUID(), query: 'q', engine: 'openai', model: 'gpt-4o-mini', openRuns: runCount });
  const runs = Array.from({ length: runCount }, () =>
    em.create(ModelRun, { id: randomUUID(), request, engine: 'openai', model: 'gpt-4o-mini', ...overrides }),
  );
  await em.flush();
  return { requestId: request.id, runIds: runs.map((run) => run.id) };
}

const success = { text: 'answer', sources: [], finishReason: 'stop', inputTokens: 1, outputTokens: 1, firstTokenAt: new Date(), brand: null };
const failure = { code: 'PROVIDER_ERROR', message: 'boom' };

describe('run lifecycle', () => {
  it('lets exactly one delivery of a job claim its run', async () => {
    const { runIds } = await storeRequest(1);
    const claims = await Promise.all([claimRun(stack.records(), runIds[0]!), claimRun(stack.records(), runIds[0]!)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(claims.find(Boolean)).toMatchObject({ runId: runIds[0], query: 'q', engine: 'openai' });
    // Claimed without a worker's lease, it would look abandoned to the sweeper test below.
    await failRun(stack.records(), runIds[0]!, failure);
  });

  it('ends a run once: whoever comes second is told it lost and changes nothing', async () => {
    const { runIds, requestId } = await storeRequest(1);
    const runId = runIds[0]!;
    await claimRun(stack.records(), runId);
    expect(await failRun(stack.records(), runId, failure)).toBe(true);
    expect(await completeRun(stack.records(), runId, success)).toBeUndefined();
    expect(await failRun(stack.records(), runId, { code: 'OTHER', message: 'other' })).toBe(false);
    const run = await stack.records().findOneOrFail(ModelRun, runId);
    expect(run).toMatchObject({ status: 'error', errorCode: 'PROVIDER_ERROR', answerText: null });
    expect((await stack.records().findOneOrFail(SearchRequest, requestId)).status).toBe('error');
  });

  it('cannot complete a run that was never claimed', async () => {
    const { runIds } = await storeRequest(1);
    expect(await completeRun(stack.records(), runIds[0]!, success)).toBeUndefined();
  });

  it('settles a request only when its last run ends: completed if any model answered', async () => {
    const { runIds, requestId } = await storeRequest(3);
    for (const runId of runIds) await claimRun(stack.records(), runId);
    await completeRun(stack.records(), runIds[0]!, success);
    await failRun(stack.records(), runIds[1]!, failure);
    expect((await stack.records().findOneOrFail(SearchRequest, requestId)).status).toBe('pending');
    await failRun(stack.records(), runIds[2]!, failure);
    const request = await stack.records().findOneOrFail(SearchRequest, requestId);
    expect(request.status).toBe('completed');
    expect(request.completedAt).toBeInstanceOf(Date);
  });

  it('settles the request even when its runs end at the same moment', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { runIds, requestId } = await storeRequest(4);
      for (const runId of runIds) await claimRun(stack.records(), runId);
      await Promise.all(runIds.map((runId, index) =>
        index % 2 === 0 ? completeRun(stack.records(), runId, success) : failRun(stack.records(), runId, failure),
      ));
      expect((await stack.records().findOneOrFail(SearchRequest, requestId)).status).toBe('completed');
    }
  });

  it('stores a brand analysis in the transaction that completes the run, and none for a run someone else ended', async () => {
    const { user } = await createPayer(stack.records(), stack.config, 10);
    const config = { brandName: 'Acme', competitors: ['Globex'] };
    const em = stack.records();
    const request = em.create(SearchRequest, { id: randomUUID(), query: 'q', engine: 'openai', model: 'gpt-4o-mini', user: user.id, brandMonitoringEnabled: true, brandConfig: config, openRuns: 2 });
    const [answered, ended] = [0, 1].map(() => em.create(ModelRun, { id: randomUUID(), request, engine: 'openai', model: 'gpt-4o-mini' }));
    await em.flush();
    expect(await claimRun(stack.records(), answered!.id)).toMatchObject({ brandConfig: config });
    await claimRun(stack.records(), ended!.id);

    const text = 'Acme beats Globex.';
    const brand = { config, analysis: analyseBrandMention({ text, sources: [], config }) };
    await completeRun(stack.records(), answered!.id, { ...success, text, brand });
    expect(await findBrandMention(stack.records(), answered!.id)).toEqual(brand.analysis);

    await failRun(stack.records(), ended!.id, failure);
    expect(await completeRun(stack.records(), ended!.id, { ...success, text, brand })).toBeUndefined();
    expect(await findBrandMention(stack.records(), ended!.id)).toBeNull();
  });

  it('refuses a completed run without an answer at the database level', async () => {
    const { runIds } = await storeRequest(1);
    await expect(
      stack.records().getConnection().execute(`update model_runs set status = 'completed' where id = ?`, [runIds[0]]),
    ).rejects.toThrow(/check constraint/);
  });
});

describe('stale run sweeper', () => {
  it('ends a running run whose worker lease is gone and a queued run whose job vanished, announces both, and tells of each request it ended', async () => {
    const longAgo = new Date(Date.now() - 60_000);
    const running = await storeRequest(1, { status: 'running', startedAt: longAgo });
    const queued = await storeRequest(1);
    await stack.records().nativeUpdate(ModelRun, { id: queued.runIds[0] }, { createdAt: longAgo });
    const fresh = await storeRequest(1, { status: 'running', startedAt: new Date() });
    const waiting = await storeRequest(1);
    await stack.records().nativeUpdate(ModelRun, { id: waiting.runIds[0] }, { createdAt: longAgo });
    // A comparison with one lost run and one still answering: its request is not over yet.
    const halfLost = await storeRequest(2, { status: 'running', startedAt: new Date() });
    await stack.records().nativeUpdate(ModelRun, { id: halfLost.runIds[0] }, { startedAt: longAgo });
    const endedRequests: string[] = [];

    const { redisUrl, keyPrefix } = { redisUrl: stack.config.redis.url, keyPrefix: stack.config.redis.keyPrefix };
    const queue = new AnswerQueue({ url: redisUrl }, keyPrefix, stack.config.redis.answerQueuePartitions);
    // Still waiting for a worker: a backlog, not a lost job.
    await queue.add('answer-question', { requestId: waiting.requestId, runId: waiting.runIds[0]! }, { jobId: waiting.runIds[0]! });
    const writer = new RequestEventWriter(stack.app.redis, { keyPrefix, streamTtlSeconds: 600, streamMaxEvents: 1_000 });
    const swept = await sweepStaleRuns({
      orm: stack.app.orm,
      redis: stack.app.redis,
      queue,
      writer,
      logger: pino({ level: 'silent' }),
      keyPrefix,
      runLeaseMs: 1_000,
      queueWaitTimeoutMs: 30_000,
      onRequestEnded: async (requestId) => {
        endedRequests.push(requestId);
      },
    });
    await queue.close();

    expect(swept).toBe(3);
    // Told of exactly the requests whose last open run it ended, as a tracking slot waiting on them needs.
    expect(endedRequests.toSorted()).toEqual([running.requestId, queued.requestId].toSorted());
    expect(await stack.records().findOneOrFail(ModelRun, halfLost.runIds[1]!)).toMatchObject({ status: 'running' });
    const em = stack.records();
    expect(await em.findOneOrFail(ModelRun, running.runIds[0]!)).toMatchObject({ status: 'error', errorCode: 'WORKER_LOST' });
    expect(await em.findOneOrFail(ModelRun, queued.runIds[0]!)).toMatchObject({ status: 'error', errorCode: 'QUEUE_TIMEOUT' });
    expect(await em.findOneOrFail(ModelRun, fresh.runIds[0]!)).toMatchObject({ status: 'running' });
    expect(await em.findOneOrFail(ModelRun, waiting.runIds[0]!)).toMatchObject({ status: 'queued' });
    const events = await readRequestEvents(stack.app.redis, keyPrefix, running.requestId);
    expect(events).toEqual([expect.objectContaining({ type: 'run_error', code: 'WORKER_LOST', retryable: true })]);
  });
});
