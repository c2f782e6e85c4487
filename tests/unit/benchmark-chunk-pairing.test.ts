import { describe, expect, it } from 'vitest';
import { measureStream } from '../../benchmarks/stream-outcome.ts';

/** Three one-word chunks the simulator wrote at 10, 20 and 30 ms. */
const WRITES = [
  { writtenAt: 10, characters: 4 },
  { writtenAt: 20, characters: 4 },
  { writtenAt: 30, characters: 5 },
];

describe("the benchmark's chunk pairing", () => {
  it('pairs chunk for chunk when nothing was coalesced', () => {
    const outcome = measureStream(0, { arrivals: [12, 23, 31], characters: [4, 4, 5], failure: undefined }, WRITES, 3);
    expect(outcome).toMatchObject({ failure: undefined, firstChunkMs: 12, untilFirstWriteMs: 10, eventsReceived: 3 });
    expect(outcome.chunkRelayMs).toEqual([2, 3, 1]);
  });

  it('charges a coalesced chunk the time it waited for the event that carried it', () => {
    const outcome = measureStream(0, { arrivals: [12, 55], characters: [4, 9], failure: undefined }, WRITES, 3);
    expect(outcome).toMatchObject({ failure: undefined, firstChunkMs: 12, eventsReceived: 2 });
    expect(outcome.chunkRelayMs).toEqual([2, 35, 25]);
  });

  it('fails a stream whose text does not add up rather than guess', () => {
    expect(measureStream(0, { arrivals: [12, 55], characters: [4, 8], failure: undefined }, WRITES, 3).failure).toBe('received 12 of 13 characters');
    expect(measureStream(0, { arrivals: [12], characters: [13], failure: undefined }, WRITES.slice(0, 2), 3).failure).toBe(
      'the simulator reported 2 of 3 chunk writes',
    );
  });
});
