import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { RunEnding } from '../../core/runs/run-ending.ts';
import { JobNoticeLog } from '../../worker/observability/job-notice-log.ts';
import { noticeLevel, redisRestartNotice, STALLED_MESSAGE } from '../../worker/observability/redis-restart-notices.ts';

const RUN = '0f8c2a9e-3b1d-4c5e-9f60-7a8b9c0d1e2f';

describe('what BullMQ says after Redis restarted', () => {
  it('recognises its three notices by BullMQ’s own words, with the job each is about', () => {
    expect(redisRestartNotice(`could not renew lock for job ${RUN}`)).toEqual({ notice: 'lock-not-renewed', jobId: RUN });
    expect(redisRestartNotice(`Missing key for job ${RUN}. moveToFinished`)).toEqual({ notice: 'job-missing-at-finish', jobId: RUN });
    expect(redisRestartNotice(`Missing lock for job ${RUN}. moveToFinished`)).toEqual({ notice: 'job-missing-at-finish', jobId: RUN });
    // The stalled failure names no job: the event's job is used.
    expect(redisRestartNotice(STALLED_MESSAGE, RUN)).toEqual({ notice: 'job-stalled', jobId: RUN });
    expect(redisRestartNotice(STALLED_MESSAGE)).toBeUndefined();
  });

  it('leaves every other message an error: a real failure, another command, a lookalike', () => {
    for (const message of [
      'connect ECONNREFUSED 127.0.0.1:6379',
      'Connection is closed.',
      `Missing key for job ${RUN}. updateProgress`,
      `Job ${RUN} is not in the active state. moveToFinished`,
      'The provider failed: could not renew lock for job 1',
      `could not renew lock for job ${RUN} because of X`,
    ]) {
      expect(redisRestartNotice(message, RUN), message).toBeUndefined();
    }
  });

  it('is a warning only when the answer ended correctly on record', () => {
    expect(noticeLevel('completed')).toBe('warn');
    expect(noticeLevel('failed')).toBe('warn');
    expect(noticeLevel('open')).toBe('error');
    expect(noticeLevel('unsettled')).toBe('error');
    expect(noticeLevel('unknown')).toBe('error');
  });
});

/** A pino logger whose lines are kept, parsed, in `lines`. */
function capturedLogger() {
  const lines: { level: number; msg: string; jobId?: string; runEnding?: string; notice?: string; err?: { message: string } }[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('the job notice log', () => {
  it('waits for an answer still being given here, then warns when it ended correctly', async () => {
    const { logger, lines } = capturedLogger();
    let ending: RunEnding = 'open';
    const notices = new JobNoticeLog({ logger, runEnding: async () => ending, settleWaitMs: 5_000, pollMs: 10 });
    let finish!: () => void;
    notices.track(RUN, new Promise<void>((resolve) => (finish = resolve)));

    const reported = notices.report('answer worker error', new Error(`could not renew lock for job ${RUN}`));
    // Mid-answer nothing is written: the answer has not had its chance to end.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toEqual([]);
    ending = 'completed';
    finish();
    await reported;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, jobId: RUN, notice: 'lock-not-renewed', runEnding: 'completed', msg: 'answer worker error after Redis restarted; the answer ended correctly' });
    expect(lines[0]!.err!.message).toBe(`could not renew lock for job ${RUN}`);
  });

  it('errs when the answer is left open or its credits are still held, and at once for anything else', async () => {
    const { logger, lines } = capturedLogger();
    const endings = new Map<string, RunEnding>([
      [RUN, 'open'],
      ['7d2a1c3b-0e4f-4a5b-8c6d-9e0f1a2b3c4d', 'unsettled'],
    ]);
    const notices = new JobNoticeLog({ logger, runEnding: async (runId) => endings.get(runId) ?? 'unknown', settleWaitMs: 50, pollMs: 10 });
    await notices.report('answer job failed', new Error(`Missing key for job ${RUN}. moveToFinished`), RUN);
    await notices.report('answer job stalled', new Error(STALLED_MESSAGE), '7d2a1c3b-0e4f-4a5b-8c6d-9e0f1a2b3c4d');
    await notices.report('answer worker error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    expect(lines.map((line) => [line.level, line.msg, line.runEnding])).toEqual([
      [50, 'answer job failed after Redis restarted, and the answer has not ended correctly', 'open'],
      [50, 'answer job stalled after Redis restarted, and the answer has not ended correctly', 'unsettled'],
      [50, 'answer worker error', undefined],
    ]);
  });

  it('errs when Postgres cannot say how the answer ended', async () => {
    const { logger, lines } = capturedLogger();
    const notices = new JobNoticeLog({
      logger,
      runEnding: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
      settleWaitMs: 50,
    });
    await notices.report('answer job failed', new Error(`Missing key for job ${RUN}. moveToFinished`), RUN);
    expect(lines).toMatchObject([{ level: 50, runEnding: 'unknown' }]);
  });
});
