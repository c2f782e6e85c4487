/** What one stream yielded: its samples when it went as it should, otherwise why not. */
export interface StreamOutcome {
  /** Undefined when the stream went as it should. */
  failure: string | undefined;
  /** Request sent → first content chunk received. Undefined for failed streams. */
  firstChunkMs: number | undefined;
  /**
   * Request sent → the simulator wrote the first content chunk: the part of `firstChunkMs` spent before the
   * provider had anything to send (for Quorum: admission, queue, worker, the provider call). The rest is that
   * chunk's relay, `chunkRelayMs[0]`. Undefined for failed streams.
   */
  untilFirstWriteMs: number | undefined;
  /** For each content chunk: simulator wrote it → client received it. Empty for failed streams. */
  chunkRelayMs: number[];
}

/** What a path reports about one stream: arrival times of its content chunks, in order, and what went wrong. */
export interface ReceivedChunks {
  arrivals: number[];
  failure: string | undefined;
}

/**
 * Pairs arrivals with the simulator's writes by position: the k-th chunk the client sees is the simulator's k-th,
 * because neither path reorders, merges or splits chunks. A stream with the wrong number of chunks on either side
 * counts as failed and gives no samples, since pairing would then be guesswork.
 */
export function measureStream(sentAt: number, received: ReceivedChunks, writes: readonly number[], expectedChunks: number): StreamOutcome {
  const failed = (failure: string): StreamOutcome => ({
    failure,
    firstChunkMs: undefined,
    untilFirstWriteMs: undefined,
    chunkRelayMs: [],
  });
  if (received.failure !== undefined) return failed(received.failure);
  if (received.arrivals.length !== expectedChunks) {
    return failed(`received ${received.arrivals.length} of ${expectedChunks} chunks`);
  }
  const writtenCount = writes.filter((writtenAt) => writtenAt !== undefined).length;
  if (writes.length !== expectedChunks || writtenCount !== expectedChunks) {
    return failed(`the simulator reported ${writtenCount} of ${expectedChunks} chunk writes`);
  }
  return {
    failure: undefined,
    firstChunkMs: received.arrivals[0]! - sentAt,
    untilFirstWriteMs: writes[0]! - sentAt,
    chunkRelayMs: received.arrivals.map((arrivedAt, index) => arrivedAt - writes[index]!),
  };
}
