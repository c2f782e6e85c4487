/** Spec section 8's texts for one model's result, and the timing line under an answer. */

export const MODEL_REQUEST_FAILED = 'Error: Model request failed';
export const NO_RESPONSE_CONTENT = 'No response content available';

/** A model's own error message, or the spec's fallback when it gave none. */
export function columnErrorText(error: string | null | undefined): string {
  return error && error.trim() !== '' ? error : MODEL_REQUEST_FAILED;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** "First token 0.4 s · 2.1 s total"; whichever part is unknown is left out, and null when both are. */
export function timingText(timeToFirstTokenMs: number | null, durationMs: number | null): string | null {
  const parts: string[] = [];
  if (timeToFirstTokenMs !== null) parts.push(`First token ${seconds(timeToFirstTokenMs)}`);
  if (durationMs !== null) parts.push(`${seconds(durationMs)} total`);
  return parts.length > 0 ? parts.join(' · ') : null;
}
