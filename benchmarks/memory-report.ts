import type { MemorySample } from './process-memory.ts';

export interface MemoryReport {
  /** Comparisons started together in the sampled round. */
  concurrency: number;
  modelsPerComparison: number;
  idle: { serverKib: number; workerKib: number };
  /** The reading taken while the most model streams were being streamed at once (the last such, on a tie). */
  busiest: MemorySample;
  /** How far into the round `busiest` was taken. */
  busiestAfterMs: number;
  /** The highest reading of each process during the round. */
  peak: { serverKib: number; workerKib: number };
  readings: number;
  /** How busy the machine and each process was during the round, as `describeCpu` words it. */
  cpu: string;
}

/**
 * Picks what the report shows from a round's readings. The busiest reading is the one with the most model streams
 * between model_start and model_complete, not simply "every comparison sent": at c=256 all comparisons are open
 * from the start, but most are then still waiting for admission or a worker, and the first ones admitted may be
 * done before the last ones begin.
 */
export function summariseMemory(
  concurrency: number,
  modelsPerComparison: number,
  idle: { serverKib: number; workerKib: number },
  samples: readonly MemorySample[],
  cpu: string,
): MemoryReport {
  const most = Math.max(...samples.map((sample) => sample.open.modelStreams));
  const busiest = samples.findLast((sample) => sample.open.modelStreams === most)!;
  return {
    concurrency,
    modelsPerComparison,
    idle,
    busiest,
    busiestAfterMs: busiest.at - samples[0]!.at,
    peak: {
      serverKib: Math.max(...samples.map((sample) => sample.serverKib)),
      workerKib: Math.max(...samples.map((sample) => sample.workerKib)),
    },
    readings: samples.length,
    cpu,
  };
}
