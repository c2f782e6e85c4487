import type { ModelResult } from '../../../contract/model-result.ts';
import type { AnswerSource } from '../../../contract/run-events.ts';
import type { StreamFailure } from './stream-failure.ts';

/**
 * What a request's frames mean for the page, whichever endpoint sent them: a single answer is a comparison with
 * one column, so both streams decode into these same run-level updates.
 */
export type RunUpdate =
  | { type: 'run-started'; requestId: string; runId: string; engine: string; model: string }
  | { type: 'text-appended'; runId: string; text: string }
  | { type: 'sources-added'; runId: string; sources: AnswerSource[] }
  | { type: 'run-completed'; result: ModelResult }
  /** `result` is null when the frame said only why (a single answer's `error`); the column knows the rest. */
  | { type: 'run-failed'; runId: string; failure: StreamFailure; result: ModelResult | null }
  /** Every run has ended; `results` when the stream summed them up (a comparison's `all_complete`). */
  | { type: 'request-finished'; requestId: string; results: ModelResult[] | null }
  /** The request as a whole could not go on; `reason` says what broke, for the log. */
  | { type: 'request-failed'; failure: StreamFailure; reason?: string };

export const isTerminalUpdate = (update: RunUpdate): boolean => update.type === 'request-finished' || update.type === 'request-failed';
