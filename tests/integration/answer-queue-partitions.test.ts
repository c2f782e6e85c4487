import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerQueue } from '../../core/jobs/answer-queue.ts';
import { ANSWER_JOB_NAME } from '../../core/jobs/job-registry.ts';
import { eventually } from '../support/eventually.ts';
import { openTestRedis } from '../support/isolated-resources.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * The answer queue split in partitions on one Redis: questions are answered as before, a job is found and taken back
 * by run id whichever partition holds it (also after the count changed), and each process holds the Redis
 * connections its roles name, no more.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ environment: { ANSWER_QUEUE_PARTITIONS: '2' } });
});

afterAll(async () => {
  await stack?.close();
});

function jobTo(runId: string) {
  return { name: ANSWER_JOB_NAME, data: { requestId: 'not-asked', runId }, opts: { jobId: runId } };
}

describe('the answer queue in partitions', () => {
  it('answers questions from both partitions', { timeout: 60_000 }, async () => {
    const answers = stack.app.answerQueue;
    const completed = async () => Promise.all(answers.partitions.map(async (queue) => (await queue.getJobCounts('completed')).completed ?? 0));
    let asked = 0;
    while ((await completed()).some((count) => count === 0) && asked < 40) {
      const result = await stack.ask({ ...SEARCH_BODY, query: `which partition ${asked}` });
      expect(result.events.at(-1)!.event).toBe('end');
      asked += 1;
    }
    expect(await completed()).toEqual([expect.any(Number), expect.any(Number)]);
    expect((await completed()).every((count) => count > 0)).toBe(true);
  });

  it('finds and takes back a waiting job by run id, also one queued before the partition count changed', async () => {
    // A prefix no worker takes from, so the jobs wait.
    const keyPrefix = `${stack.config.redis.keyPrefix}-lookups`;
    const connection = { url: stack.config.redis.url };
    const two = new AnswerQueue(connection, keyPrefix, 2);
    const four = new AnswerQueue(connection, keyPrefix, 4);
    try {
      const runIds = Array.from({ length: 60 }, (_, index) => `lookup-${index}-${Date.now()}`);
      const indexIn = (queue: AnswerQueue, runId: string) => queue.partitions.indexOf(queue.partitionFor(runId));
      // Queued while the count was 2, looked for after it was raised to 4: not where the id now hashes to.
      const moved = runIds.filter((runId) => indexIn(four, runId) !== indexIn(two, runId)).slice(0, 3);
      expect(moved).toHaveLength(3);
      await two.addBulk(moved.map(jobTo));
      for (const runId of moved) {
        expect(await four.partitionFor(runId).getJobState(runId)).toBe('unknown');
        expect(await four.getJobState(runId)).toBe('waiting');
      }
      expect(await four.remove(moved[0]!)).toBe(1);
      expect(await two.getJobState(moved[0]!)).toBe('unknown');

      // Lowered from 4 to 2: a job left in a dropped partition is not looked for (the sweeper ends its run).
      const stranded = runIds.find((runId) => indexIn(four, runId) >= 2)!;
      await four.add(ANSWER_JOB_NAME, jobTo(stranded).data, { jobId: stranded });
      expect(await two.getJobState(stranded)).toBe('unknown');
      await two.remove(stranded);
      expect(await four.getJobState(stranded)).toBe('waiting');
      expect(await four.count()).toBe(3);
    } finally {
      await four.obliterate({ force: true });
      await Promise.all([two.close(), four.close()]);
    }
  });

  it('opens each role’s Redis connection once, and BullMQ one blocking copy per worker, as CLIENT LIST shows', async () => {
    const { keyPrefix, url, clusterNodes } = stack.config.redis;
    // The worker: commands, BullMQ's shared connection, cancellations; a blocking copy for each partition's worker,
    // the tracking worker and the leaderboard worker. BullMQ re-opens a copy whose blocking read overran (a busy
    // machine), so the counts are read until they settle rather than once.
    const workerRoles = { commands: 1, bullmq: 1, cancellations: 1, 'bullmq (copies)': 4 };
    expect(await eventually(async () => stack.worker!.redisConnections(), (counts) => JSON.stringify(counts) === JSON.stringify(workerRoles))).toEqual(workerRoles);
    expect(stack.app.redisConnections.counts()).toEqual({ commands: 1, queues: 1, subscriber: 1, 'session-invalidations': 1 });
    const inspector = openTestRedis(url, clusterNodes?.map(({ host, port }) => `${host}:${port}`).join(','));
    try {
      const namesNow = async () =>
        String(await inspector.call('CLIENT', 'LIST'))
          .split('\n')
          .map((line) => /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '')
          .filter((name) => name.startsWith(keyPrefix));
      // BullMQ names its blocking copies after the queue's prefix, which carries the queue's hash tag.
      const names = await eventually(namesNow, (listed) => listed.filter((name) => name.startsWith(`${keyPrefix}:{`)).length === 4);
      expect(names.filter((name) => name.startsWith(`${keyPrefix}-worker-`)).sort()).toEqual(
        ['commands', 'bullmq', 'cancellations'].map((role) => `${keyPrefix}-worker-${role}`).sort(),
      );
      expect(names.filter((name) => name.startsWith(`${keyPrefix}-server-`)).sort()).toEqual(
        ['commands', 'queues', 'subscriber', 'session-invalidations'].map((role) => `${keyPrefix}-server-${role}`).sort(),
      );
      expect(names.filter((name) => name.startsWith(`${keyPrefix}:{`))).toHaveLength(4);
    } finally {
      await inspector.quit();
    }
  });
});
