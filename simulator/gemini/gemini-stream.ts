import type { ServerResponse } from 'node:http';
import { pause, writeFlushed, cutConnection } from '../response-pacing.ts';
import { googleFrontEndHeaders } from './gemini-error-response.ts';
import { sseJson } from './google-json.ts';
import { finalResponse, textChunk, type Ending, type ResponseIdentity, type TokenPlan } from './gemini-payloads.ts';

export interface GeminiStreamPlan {
  identity: ResponseIdentity;
  pieces: readonly string[];
  tokens: TokenPlan;
  ending: Ending;
  firstTokenMs: number;
  chunkMs: number;
  /** Destroy the socket after this many text chunks, before the closing chunk. */
  cutAfter: number | undefined;
  onContentChunkWritten: ((index: number, writtenAt: number) => void) | undefined;
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

  let sent = 0;
  for (const piece of plan.pieces) {
    if (sent === plan.cutAfter) {
      cutConnection(response);
      return;
    }
    if (sent > 0 && !(await pause(plan.chunkMs, signal))) return;
    if (!(await writeFlushed(response, geminiEvent(textChunk(plan.identity, piece, plan.tokens)), signal))) return;
    // Stamped after the write callback, so the time covers only what happens after the bytes left the simulator.
    plan.onContentChunkWritten?.(sent, performance.now());
    sent += 1;
  }
  // A cut at or beyond the last piece still loses the closing chunk: the text looks whole but has no finishReason.
  if (plan.cutAfter !== undefined) {
    cutConnection(response);
    return;
  }
  response.end(geminiEvent(finalResponse(plan.identity, plan.ending, plan.tokens)));
}
