import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { TRACKING_FINISH_JOB_NAME, TRACKING_REANALYSE_JOB_NAME, TRACKING_SLOT_JOB_NAME } from '../../core/jobs/job-registry.ts';
import { jobProcessor, type JobHandlers } from '../../worker/job-processor.ts';

const job = (name: string, data: unknown) => ({ name, data, opts: {}, id: 'job-1' }) as unknown as Job<never, string>;

describe('a queue’s job processor', () => {
  const handlers: JobHandlers<'tracking'> = {
    [TRACKING_SLOT_JOB_NAME]: async (data) => `slot ${data.setId}`,
    [TRACKING_FINISH_JOB_NAME]: async (data) => `finish ${data.runId} ${data.deadline}`,
    [TRACKING_REANALYSE_JOB_NAME]: async (data) => `reanalyse ${data.setId} ${data.judge}`,
  };

  it('hands each job to the handler of its name, with its data', async () => {
    const process = jobProcessor('tracking', handlers);
    expect(await process(job(TRACKING_SLOT_JOB_NAME, { setId: 's1' }))).toBe('slot s1');
    expect(await process(job(TRACKING_FINISH_JOB_NAME, { setId: 's1', runId: 'r1', deadline: true }))).toBe('finish r1 true');
    expect(await process(job(TRACKING_REANALYSE_JOB_NAME, { setId: 's1', judge: false }))).toBe('reanalyse s1 false');
  });

  it('fails a job whose name the registry does not list, naming it and its queue', async () => {
    const process = jobProcessor('tracking', handlers);
    await expect(process(job('run-tracked-prompt', { setId: 's1' }))).rejects.toThrow('Unknown job run-tracked-prompt in tracking');
    await expect(process(job('constructor', {}))).rejects.toThrow('Unknown job constructor in tracking');
  });

  it('stops the start when a handler is missing or left over', () => {
    const missing = { [TRACKING_SLOT_JOB_NAME]: handlers[TRACKING_SLOT_JOB_NAME] } as unknown as JobHandlers<'tracking'>;
    expect(() => jobProcessor('tracking', missing)).toThrow(`The tracking queue's handlers do not match its jobs: no handler for ${TRACKING_FINISH_JOB_NAME}, ${TRACKING_REANALYSE_JOB_NAME}`);
    const extra = { ...handlers, 'old-job': async () => 'x' } as unknown as JobHandlers<'tracking'>;
    expect(() => jobProcessor('tracking', extra)).toThrow('no such job as old-job');
  });
});
