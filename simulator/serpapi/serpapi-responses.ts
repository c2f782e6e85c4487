import type { ServerResponse } from 'node:http';
import type { SimulatedFailureStatus } from '../scripted-directives.ts';
import { pause, cutConnection } from '../response-pacing.ts';

/**
 * How the simulated SerpApi writes its answers: JSON with `application/json; charset=utf-8`, errors as
 * `{"error": "…"}` with a conventional status, the messages SerpApi uses where they are known.
 */

export const invalidApiKeyMessage = 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key';

const jsonContentType = 'application/json; charset=utf-8';

export function sendSerpApiJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body, null, 2);
  response.writeHead(status, { 'content-type': jsonContentType, 'content-length': Buffer.byteLength(payload), ...headers });
  response.end(payload);
}

export function sendSerpApiError(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendSerpApiJson(response, status, { error: message }, headers);
}

/** The error a `status=` directive produces, worded like SerpApi's answer for that status. */
export function scriptedSerpApiFailure(status: SimulatedFailureStatus): { message: string; headers: Record<string, string> } {
  switch (status) {
    case 400:
      return { message: 'Unsupported `gl` parameter (simulated).', headers: {} };
    case 401:
      return { message: invalidApiKeyMessage, headers: {} };
    case 429:
      // SerpApi's documentation does not promise a Retry-After; sending one lets retries in tests wait briefly.
      return {
        message: 'You have exceeded the hourly throughput limit for your plan (simulated). Please try again later.',
        headers: { 'retry-after': '1' },
      };
    case 500:
      return { message: 'Something went wrong on our end (simulated). Please contact support@serpapi.com.', headers: {} };
    case 502:
      return { message: 'Bad gateway (simulated).', headers: {} };
    case 503:
      return { message: 'Service temporarily unavailable (simulated). Please try again later.', headers: {} };
  }
}

function writeBuffer(response: ServerResponse, data: Buffer, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted || response.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
    response.write(data, (error) => {
      signal.removeEventListener('abort', onAbort);
      resolve(!error);
    });
  });
}

export interface BodyPacing {
  /** Wait before anything, headers included: SerpApi answers only once the whole search is done. */
  firstTokenMs: number;
  /** The body goes out in this many slices... */
  slices: number;
  /** ...this far apart. */
  sliceMs: number;
  /** Destroy the socket after this many slices: the client gets a truncated body. */
  cutAfter: number | undefined;
}

/**
 * Sends a 200 JSON body paced by the scripted directives. A cut always leaves the body short of its
 * `content-length`, even when `cutAfter` reaches the last slice, so the client sees the connection drop.
 */
export async function sendPacedJson(
  response: ServerResponse,
  body: unknown,
  pacing: BodyPacing,
  signal: AbortSignal,
): Promise<void> {
  if (!(await pause(pacing.firstTokenMs, signal))) return;
  const payload = Buffer.from(JSON.stringify(body, null, 2), 'utf8');
  const sliceCount = Math.max(1, Math.min(pacing.slices, payload.length));
  const sliceSize = Math.ceil(payload.length / sliceCount);
  const slices = Array.from({ length: sliceCount }, (_, index) => payload.subarray(index * sliceSize, (index + 1) * sliceSize));

  response.writeHead(200, { 'content-type': jsonContentType, 'content-length': payload.length });
  response.flushHeaders();

  let sent = 0;
  for (const slice of slices) {
    const last = sent === slices.length - 1;
    if (sent === pacing.cutAfter) break;
    if (sent > 0 && !(await pause(pacing.sliceMs, signal))) return;
    const data = last && pacing.cutAfter !== undefined ? slice.subarray(0, slice.length - 1) : slice;
    if (!(await writeBuffer(response, data, signal))) return;
    sent += 1;
  }
  if (pacing.cutAfter !== undefined) {
    cutConnection(response);
    return;
  }
  response.end();
}
