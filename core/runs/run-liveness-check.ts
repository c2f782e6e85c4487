import type { MikroORM } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import type { RedisClient } from '../redis/index.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectionReadyForMs } from '../redis/index.ts';
import { runLeaseKey } from '../events/index.ts';
import type { RequestEventWriter } from '../events/index.ts';
import { runFailure } from './run-failures.ts';
import { assessRunLiveness, type JobStanding, type RunLiveness, type RunLivenessFacts, type RunLivenessLimits } from './run-liveness.ts';
import { failRunAndAnnounce, type RequestEndedListener } from './run-outcome-announcer.ts';

export interface RunLivenessCheckDependencies {
  orm: MikroORM;
  redis: RedisClient;
  queue: Pick<Queue, 'getJobState' | 'remove'>;
  writer: RequestEventWriter;
  keyPrefix: string;
  limits: RunLivenessLimits;
  /**
   * Read a missing lease a second time this much later before calling its worker lost (the sweeper, which has no
   * events to go by, sets it to the lease's lifetime: a worker that lives has set it again by then).
   */
  confirmLapseAfterMs?: number;
  /** Told when a run ended here was its request's last (see `failRunAndAnnounce`). */
  onRequestEnded?: RequestEndedListener | undefined;
}

/**
 * Applies the liveness rule to one run: reads its lease and its queue job only when the rule asks for them, and ends
 * a dead run in Postgres and in its event stream. Returns the verdict it acted on (`alive` when it ended nothing).
 */
export async function checkRunLiveness(dependencies: RunLivenessCheckDependencies, runId: string, known: RunLivenessFacts): Promise<RunLiveness> {
  const facts = { ...known };
  for (;;) {
    const assessment = assessRunLiveness(facts, dependencies.limits, Date.now());
    if ('needs' in assessment) {
      if (assessment.needs === 'lease') facts.leaseHeld = await leaseHeld(dependencies, runId);
      else facts.job = jobStanding(await dependencies.queue.getJobState(runId));
      continue;
    }
    const { verdict } = assessment;
    if (verdict === 'alive') return verdict;
    // A waiting job is taken back first; if a worker took it meanwhile, it is about to answer after all.
    if (verdict === 'QUEUE_TIMEOUT' && facts.job === 'waiting' && (await dependencies.queue.remove(runId)) !== 1) return 'alive';
    // Only a run still in the state the verdict was drawn from is ended: a watcher's view of it may be behind. When
    // it was not ended here, its real ending (or another checker's) reaches its watchers through the stream.
    const ended = await failRunAndAnnounce(dependencies.orm.em.fork(), dependencies.writer, runId, runFailure(verdict), {
      onlyWhile: verdict === 'WORKER_LOST' ? 'running' : 'queued',
      onRequestEnded: dependencies.onRequestEnded,
    });
    return ended ? verdict : 'alive';
  }
}

/**
 * Whether the run's worker may still hold its lease. A missing key proves nothing while the connection that read it
 * has been up for less than a lease's lifetime: Redis may have restarted (forgetting every lease) and the worker not
 * reconnected yet, or the read may have waited out the outage in the offline queue and run first on reconnecting.
 */
async function leaseHeld(dependencies: RunLivenessCheckDependencies, runId: string): Promise<boolean> {
  const { redis, limits, confirmLapseAfterMs } = dependencies;
  const key = runLeaseKey(dependencies.keyPrefix, runId);
  const readOnce = async () => (await redis.exists(key)) === 1 || connectionReadyForMs(redis) < limits.runLeaseMs;
  if (await readOnce()) return true;
  if (confirmLapseAfterMs === undefined) return false;
  await sleep(confirmLapseAfterMs);
  return readOnce();
}

function jobStanding(state: string): JobStanding {
  switch (state) {
    case 'waiting':
    case 'delayed':
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    case 'active':
      return 'taken';
    default:
      // Missing ('unknown'), completed or failed without the run having been claimed: no worker will answer it.
      return 'gone';
  }
}
