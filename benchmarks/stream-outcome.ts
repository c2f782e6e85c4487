import type { ChunkWrite } from './chunk-write-clock.ts';

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
  /** Chunk events the client received: fewer than the simulator wrote when Quorum coalesced some. 0 when failed. */
  eventsReceived: number;
}

/** What a path reports about one stream: arrival times and text lengths of its content chunks, in order, and what went wrong. */
export interface ReceivedChunks {
  arrivals: number[];
  /** Characters of text in each received chunk, by the same index as `arrivals`. */
  characters: number[];
  failure: string | undefined;
}

/**
 * Pairs the simulator's writes with what the client received by position in the text. Neither path reorders or
 * splits chunks, but Quorum may coalesce several of a run's chunks into one event (see worker/jobs/delta-coalescer.ts).
 * So each chunk the simulator wrote is paired with the received chunk that completed its text: its relay runs from
 * its write to that arrival, and the time it waited to be coalesced counts against Quorum. The first received chunk
 * is the first token. A stream whose text differs in length on the two sides, or with missing writes, counts as
 * failed and gives no samples, since pairing would then be guesswork.
 */
export function measureStream(sentAt: number, received: ReceivedChunks, writes: readonly ChunkWrite[], expectedChunks: number): StreamOutcome {
  const failed = (failure: string): StreamOutcome => ({
    failure,
    firstChunkMs: undefined,
    untilFirstWriteMs: undefined,
    chunkRelayMs: [],
    eventsReceived: 0,
  });
  if (received.failure !== undefined) return failed(received.failure);
  const writtenCount = writes.filter((write) => write !== undefined).length;
  if (writes.length !== expectedChunks || writtenCount !== expectedChunks) {
    return failed(`the simulator reported ${writtenCount} of ${expectedChunks} chunk writes`);
  }
  const writtenCharacters = writes.reduce((sum, write) => sum + write.characters, 0);
  const receivedCharacters = received.characters.reduce((sum, characters) => sum + characters, 0);
  if (received.arrivals.length === 0 || receivedCharacters !== writtenCharacters || received.characters.length !== received.arrivals.length) {
    return failed(`received ${receivedCharacters} of ${writtenCharacters} characters`);
  }
  if (received.arrivals.length > expectedChunks) return failed(`received ${received.arrivals.length} chunks for ${expectedChunks} written`);
  const chunkRelayMs: number[] = [];
  let writtenEnd = 0;
  let receivedEnd = 0;
  let arrival = -1;
  for (const write of writes) {
    writtenEnd += write.characters;
    while (receivedEnd < writtenEnd) receivedEnd += received.characters[++arrival]!;
    chunkRelayMs.push(received.arrivals[arrival]! - write.writtenAt);
  }
  return {
    failure: undefined,
    firstChunkMs: received.arrivals[0]! - sentAt,
    untilFirstWriteMs: writes[0]!.writtenAt - sentAt,
    chunkRelayMs,
    eventsReceived: received.arrivals.length,
  };
}
