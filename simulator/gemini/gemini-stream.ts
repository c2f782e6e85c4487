import type { ServerResponse } from 'node:http';
import { pause, writePacedPieces } from '../response-pacing.ts';
import type { StreamPacing } from '../scripted-answer.ts';
import { googleFrontEndHeaders } from './gemini-error-response.ts';
import { sseJson } from './google-json.ts';
import { finalResponse, textChunk, type Ending, type ResponseIdentity, type TokenPlan } from './gemini-payloads.ts';

/** A cut destroys the socket before the closing chunk, so the text may look whole but has no finishReason. */
export interface GeminiStreamPlan extends StreamPacing {
  identity: ResponseIdentity;
  pieces: readonly string[];
  tokens: TokenPlan;
  ending: Ending;
}

/** Gemini frames each server-sent event with CRLFs and never sends a `[DONE]` line: the body just ends. */
export function geminiEvent(payload: unknown): string {
  return `data: ${sseJson(payload)}\r\n\r\n`;
}

export function startEventStream(response: ServerResponse, receivedAt: number): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'content-disposition': 'attachment',
    ...googleFrontEndHeaders,
    'server-timing': `gfet4t7; dur=${Date.now() - receivedAt}`,
  });
  // Headers go out now, so the SDK's call resolves before the first token, as with a slow real model.
  response.flushHeaders();
}

/**
 * Streams `streamGenerateContent?alt=sse`: one chunk per piece of the answer, then a closing chunk with an empty
 * text part, the finish reason, the final usage and any grounding, which is how 2.5 models end a stream.
 */
export async function streamGenerateContent(response: ServerResponse, plan: GeminiStreamPlan, signal: AbortSignal): Promise<void> {
  if (!(await pause(plan.firstTokenMs, signal))) return;

  const textEvent = (piece: string) => geminiEvent(textChunk(plan.identity, piece, plan.tokens));
  if (!(await writePacedPieces(response, plan.pieces, textEvent, plan, signal))) return;
  response.end(geminiEvent(finalResponse(plan.identity, plan.ending, plan.tokens)));
}
