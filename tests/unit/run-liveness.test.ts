import { describe, expect, it } from 'vitest';
import { assessRunLiveness, livenessCutoffs, quietPeriodMs, type RunLivenessFacts } from '../../core/runs/run-liveness.ts';

const limits = { runLeaseMs: 10_000, queueWaitTimeoutMs: 120_000 };
const now = 1_000_000_000;

function running(overrides: Partial<RunLivenessFacts> = {}): RunLivenessFacts {
  return { status: 'running', queuedAt: now - 60_000, lastSignOfLifeAt: now - 30_000, watched: true, ...overrides };
}

function queued(overrides: Partial<RunLivenessFacts> = {}): RunLivenessFacts {
  return { status: 'queued', queuedAt: now - 200_000, lastSignOfLifeAt: null, watched: true, ...overrides };
}

describe('run liveness', () => {
  it('asks nothing of a run that showed life within the quiet period', () => {
    expect(assessRunLiveness(running({ lastSignOfLifeAt: now - 1_999 }), limits, now)).toEqual({ verdict: 'alive' });
    expect(assessRunLiveness(queued({ queuedAt: now - 500 }), limits, now)).toEqual({ verdict: 'alive' });
  });

  it('caps the quiet period, so a long lease does not delay noticing a dead worker', () => {
    expect(quietPeriodMs({ runLeaseMs: 60_000, queueWaitTimeoutMs: 1_000 })).toBe(2_000);
    expect(quietPeriodMs({ runLeaseMs: 1_500, queueWaitTimeoutMs: 1_000 })).toBe(1_500);
  });

  it('consults the lease once a run is quiet, and a held lease keeps any run alive', () => {
    expect(assessRunLiveness(running(), limits, now)).toEqual({ needs: 'lease' });
    expect(assessRunLiveness(running({ leaseHeld: true }), limits, now)).toEqual({ verdict: 'alive' });
    expect(assessRunLiveness(queued({ leaseHeld: true }), limits, now)).toEqual({ verdict: 'alive' });
  });

  it('calls a quiet running run without its lease WORKER_LOST, watched or not', () => {
    expect(assessRunLiveness(running({ leaseHeld: false }), limits, now)).toEqual({ verdict: 'WORKER_LOST' });
    expect(assessRunLiveness(running({ leaseHeld: false, watched: false }), limits, now)).toEqual({ verdict: 'WORKER_LOST' });
    // A run that started long ago but streamed a moment ago is not judged by its start.
    expect(assessRunLiveness(running({ leaseHeld: false, lastSignOfLifeAt: now - 100 }), limits, now)).toEqual({ verdict: 'alive' });
  });

  it('lets a queued run wait for a worker up to the queue wait limit without reading its job', () => {
    expect(assessRunLiveness(queued({ queuedAt: now - 119_999, leaseHeld: false }), limits, now)).toEqual({ verdict: 'alive' });
    expect(assessRunLiveness(queued({ queuedAt: now - 120_000, leaseHeld: false }), limits, now)).toEqual({ needs: 'job' });
  });

  it('past the limit: a vanished job times out, a taken one is about to start, a waiting one is taken back only for a watcher', () => {
    const late = queued({ leaseHeld: false });
    expect(assessRunLiveness({ ...late, job: 'gone' }, limits, now)).toEqual({ verdict: 'QUEUE_TIMEOUT' });
    expect(assessRunLiveness({ ...late, job: 'gone', watched: false }, limits, now)).toEqual({ verdict: 'QUEUE_TIMEOUT' });
    expect(assessRunLiveness({ ...late, job: 'taken' }, limits, now)).toEqual({ verdict: 'alive' });
    expect(assessRunLiveness({ ...late, job: 'waiting' }, limits, now)).toEqual({ verdict: 'QUEUE_TIMEOUT' });
    expect(assessRunLiveness({ ...late, job: 'waiting', watched: false }, limits, now)).toEqual({ verdict: 'alive' });
  });

  it('gives the sweeper cut-offs that leave out exactly the runs the rule calls alive without a look', () => {
    const cutoffs = livenessCutoffs(limits, now);
    expect(cutoffs.startedBefore.getTime()).toBe(now - 2_000);
    expect(cutoffs.queuedBefore.getTime()).toBe(now - 120_000);
    // Just inside each cut-off, the rule does not even ask for the lease.
    expect(assessRunLiveness(running({ lastSignOfLifeAt: cutoffs.startedBefore.getTime() + 1 }), limits, now)).toEqual({ verdict: 'alive' });
    expect(assessRunLiveness(queued({ queuedAt: cutoffs.queuedBefore.getTime() + 1, leaseHeld: false }), limits, now)).toEqual({ verdict: 'alive' });
  });
});
