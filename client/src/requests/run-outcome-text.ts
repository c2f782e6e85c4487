/** The words a column or a single answer shows for how its run ended. */

export const MODEL_REQUEST_FAILED = 'Error: Model request failed';
export const NO_RESPONSE_CONTENT = 'No response content available';
export const STOPPED_TEXT = 'Stopped';

/** A model's own error message, or the fallback when it gave none. */
export function runErrorText(error: string | null | undefined): string {
  return error && error.trim() !== '' ? error : MODEL_REQUEST_FAILED;
}
