import { hostname } from 'node:os';

/**
 * What a worker writes into each run lease it holds: the host and process that answer the run. A launcher that sees
 * its own child die can then find that child's leases (`scripts/lost-worker-leases.ts`); the host part keeps a pid
 * on one machine from matching a live worker with the same pid on another machine sharing the Redis.
 */
export function runLeaseOwner(pid: number = process.pid, host: string = hostname()): string {
  return `${host}:${pid}`;
}

/** The pid in a lease's value, for tools on the same machine (0 when the value is not a lease owner). */
export function pidOfRunLeaseOwner(owner: string | null): number {
  const pid = Number(owner?.slice(owner.lastIndexOf(':') + 1));
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}
