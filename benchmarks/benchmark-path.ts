import type { ReceivedChunks } from './stream-outcome.ts';

/** One way of getting a streamed answer from the simulator: straight from it, or through Quorum. */
export interface BenchmarkPath {
  name: 'direct' | 'quorum';
  /** Sends `prompt` and reads the whole answer, noting when each content chunk arrives. Never throws. */
  receiveChunks(prompt: string, signal: AbortSignal): Promise<ReceivedChunks>;
}

/** One way of getting a comparison's answers: three direct streams at once, or one `POST /api/compare/stream`. */
export interface ComparisonPath {
  name: 'direct' | 'quorum';
  /**
   * Asks every model of `COMPARISON_MODELS` the same `prompt` at once and reads every answer to its end. One
   * result per model, in that order. Never throws.
   */
  receiveComparison(prompt: string, signal: AbortSignal): Promise<ReceivedChunks[]>;
}

/** A failure's reason in a few words: timeouts and dropped connections read alike on both paths. */
export function describeError(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timed out or aborted';
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}
