/**
 * Cancelling a run reaches the worker answering it through one Redis pub/sub channel: the server publishes the run
 * id, every worker hears it, and the one holding that run aborts its provider call. The run itself is ended (and
 * its hold released) by the server in Postgres, so a worker that misses the message only wastes tokens.
 */
export function runCancellationChannel(keyPrefix: string): string {
  return `${keyPrefix}:run-cancellations`;
}

/** The abort reason a cancelled run's provider call sees. */
export class RunCancelled extends Error {
  constructor() {
    super('The run was cancelled');
    this.name = 'RunCancelled';
  }
}
