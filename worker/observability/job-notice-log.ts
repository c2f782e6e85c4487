import type { Logger } from 'pino';
import type { RunEnding } from '../../core/runs/index.ts';
import { noticeLevel, redisRestartNotice } from './redis-restart-notices.ts';

export interface JobNoticeLogOptions {
  logger: Pick<Logger, 'warn' | 'error'>;
  /** How the run (job id = run id) stands in Postgres. */
  runEnding(runId: string): Promise<RunEnding>;
  /** How long to wait for a run answered elsewhere to end before judging it: the longest an answer may take. */
  settleWaitMs: number;
  /** How often to look again meanwhile. */
  pollMs?: number;
}

/**
 * Logs what BullMQ reports about answer jobs (`failed`, `error`, `stalled`). A line BullMQ writes because Redis
 * restarted (`redis-restart-notices.ts`) is judged by the answer it is about, once that answer has had its chance to
 * end: a warning when Postgres shows it ended correctly, an error when it did not. Anything else is an error at once,
 * as before. A job this process is still answering is waited for (its lock can fail to renew mid-answer); a job
 * answered elsewhere is looked at until it ends or `settleWaitMs` passes.
 */
export class JobNoticeLog {
  private readonly answering = new Map<string, Promise<unknown>>();

  constructor(private readonly options: JobNoticeLogOptions) {}

  /** Notes a job being answered here until `work` settles; returns `work`. */
  track<Result>(jobId: string | undefined, work: Promise<Result>): Promise<Result> {
    if (jobId === undefined) return work;
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.answering.set(jobId, settled);
    void settled.then(() => {
      if (this.answering.get(jobId) === settled) this.answering.delete(jobId);
    });
    return work;
  }

  /**
   * Logs `message` about `error` (and its job, when known). Resolves once the line is written, which for a restart
   * notice is after the answer has ended.
   */
  async report(message: string, error: Error, jobId?: string): Promise<void> {
    const notice = redisRestartNotice(error.message, jobId);
    if (!notice) {
      this.options.logger.error({ err: error, ...(jobId ? { jobId } : {}) }, message);
      return;
    }
    let ending: RunEnding;
    try {
      ending = await this.endingOnceSettled(notice.jobId);
    } catch {
      // Postgres out of reach: nothing says the answer ended correctly.
      ending = 'unknown';
    }
    const level = noticeLevel(ending);
    const context = { err: error, jobId: notice.jobId, notice: notice.notice, runEnding: ending };
    if (level === 'warn') this.options.logger.warn(context, `${message} after Redis restarted; the answer ended correctly`);
    else this.options.logger.error(context, `${message} after Redis restarted, and the answer has not ended correctly`);
  }

  private async endingOnceSettled(runId: string): Promise<RunEnding> {
    await this.answering.get(runId);
    const deadline = Date.now() + this.options.settleWaitMs;
    for (;;) {
      const ending = await this.options.runEnding(runId);
      if (ending !== 'open' || Date.now() >= deadline) return ending;
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 1_000).unref());
    }
  }
}
