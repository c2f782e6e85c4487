import type { RunFailureCode } from '../../../contract/run-failures.ts';

/** The words a column or a single answer shows for how its run ended. */
export const MODEL_REQUEST_FAILED = 'Error: Model request failed';
export const NO_RESPONSE_CONTENT = 'No response content available';
export const STOPPED_TEXT = 'Stopped';

/** A model's own error message, or the fallback when it gave none. */
export function runErrorText(error: string | null | undefined): string {
  return error && error.trim() !== '' ? error : MODEL_REQUEST_FAILED;
}

/** What the page says when a stream broke or a frame broke the contract. */
export const STREAMING_ERROR_MESSAGE = 'Streaming error';

/** The code of a run the person stopped: it ends like a failure but is nobody's fault and costs nothing. */
export const CANCELLED_CODE: RunFailureCode = 'CANCELLED';
