import type { ServerResponse } from 'node:http';
import type { SimulatedFailureStatus } from '../scripted-directives.ts';
import { pause, writePacedPieces, type PiecePacing } from '../response-pacing.ts';
import { sendBody } from '../simulated-exchange.ts';
import type { StatusRejection } from '../simulated-request-pipeline.ts';

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
  sendBody(response, status, jsonContentType, JSON.stringify(body, null, 2), headers);
}

/** SerpApi's errors are `{"error": "…"}`: the details are just the message. */
export type SerpApiRejection = StatusRejection<string>;

export function sendSerpApiError(response: ServerResponse, rejection: SerpApiRejection): void {
  sendSerpApiJson(response, rejection.status, { error: rejection.details }, rejection.headers);
}

/** The error a `status=` directive produces, worded like SerpApi's answer for that status. */
export function scriptedSerpApiFailure(status: SimulatedFailureStatus): SerpApiRejection {
  switch (status) {
    case 400:
      return { status, details: 'Unsupported `gl` parameter (simulated).' };
    case 401:
      return { status, details: invalidApiKeyMessage };
    case 429:
      // SerpApi's documentation does not promise a Retry-After; sending one lets retries in tests wait briefly.
      return {
        status,
        details: 'You have exceeded the hourly throughput limit for your plan (simulated). Please try again later.',
        headers: { 'retry-after': '1' },
      };
    case 500:
      return { status, details: 'Something went wrong on our end (simulated). Please contact support@serpapi.com.' };
    case 502:
      return { status, details: 'Bad gateway (simulated).' };
    case 503:
      return { status, details: 'Service temporarily unavailable (simulated). Please try again later.' };
  }
}

/**
 * The body goes out in `slices` byte slices `chunkMs` apart; `cutAfter` slices destroy the socket and leave the
 * client a truncated body.
 */
export interface BodyPacing extends PiecePacing {
  /** Wait before anything, headers included: SerpApi answers only once the whole search is done. */
  firstTokenMs: number;
  slices: number;
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

  // Trimming the last slice keeps even a cut at or past the last slice short of the body.
  if (pacing.cutAfter !== undefined) slices[sliceCount - 1] = slices[sliceCount - 1]!.subarray(0, -1);

  response.writeHead(200, { 'content-type': jsonContentType, 'content-length': payload.length });
  response.flushHeaders();

  if (!(await writePacedPieces(response, slices, (slice) => slice, pacing, signal))) return;
  response.end();
}
