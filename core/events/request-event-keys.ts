/** Where one request's live events live in Redis. Every name is under the configured key prefix. */
export interface RequestEventKeys {
  /** Redis Stream: the replayable record of the request's events (capped, with a TTL). */
  stream: string;
  /** Counter that hands out each event's `seq`. */
  sequence: string;
  /** Set of run ids that already emitted their terminal event; later events for them are refused. */
  endedRuns: string;
  /** Hash: per run, how many of its worker's ordered events are stored (the next position the stream expects). */
  runPositions: string;
  /** Pub/sub channel: the low-latency copy of every event, at most once. */
  channel: string;
}

export function requestEventKeys(keyPrefix: string, requestId: string): RequestEventKeys {
  // The hash tag keeps a request's keys in one slot, so the append script also works on Redis Cluster.
  const base = `${keyPrefix}:request:{${requestId}}`;
  return {
    stream: `${base}:events`,
    sequence: `${base}:seq`,
    endedRuns: `${base}:ended-runs`,
    runPositions: `${base}:run-positions`,
    channel: `${base}:channel`,
  };
}

export function requestIdFromChannel(keyPrefix: string, channel: string): string | undefined {
  const match = /^(.*):request:\{([^}]+)\}:channel$/.exec(channel);
  return match && match[1] === keyPrefix ? match[2] : undefined;
}

export function runLeaseKey(keyPrefix: string, runId: string): string {
  return `${keyPrefix}:run:${runId}:lease`;
}
