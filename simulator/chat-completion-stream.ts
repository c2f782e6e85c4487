import type { ServerResponse } from 'node:http';
import {
  createChunk,
  createUsageChunk,
  type CompletionIdentity,
  type CompletionUsage,
} from './chat-completion-payloads.ts';
import { pause, writeFlushed } from './response-pacing.ts';

export interface StreamPlan {
  identity: CompletionIdentity;
  pieces: readonly string[];
  usage: CompletionUsage;
  includeUsage: boolean;
  firstTokenMs: number;
  chunkMs: number;
  /** Destroy the socket after this many content chunks, leaving the stream without its end. */
  cutAfter: number | undefined;
  headers: Record<string, string>;
}

function event(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** Writes a chat completion as server-sent events, chunk by chunk, the way the real API does. */
export async function streamChatCompletion(response: ServerResponse, plan: StreamPlan, signal: AbortSignal): Promise<void> {
  const { identity, includeUsage } = plan;
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', ...plan.headers });
  // Headers go out now so the client's create() resolves before the first token, as with a slow real model.
  response.flushHeaders();

  if (!(await pause(plan.firstTokenMs, signal))) return;
  const roleChunk = createChunk(identity, { role: 'assistant', content: '', refusal: null }, null, includeUsage);
  if (!(await writeFlushed(response, event(roleChunk), signal))) return;

  let sent = 0;
  for (const piece of plan.pieces) {
    if (sent === plan.cutAfter) {
      response.destroy();
      return;
    }
    if (sent > 0 && !(await pause(plan.chunkMs, signal))) return;
    if (!(await writeFlushed(response, event(createChunk(identity, { content: piece }, null, includeUsage)), signal))) {
      return;
    }
    sent += 1;
  }
  // A cut at or beyond the last piece still loses the finish chunk and [DONE]: the answer looks whole but never ends.
  if (plan.cutAfter !== undefined) {
    response.destroy();
    return;
  }

  let tail = event(createChunk(identity, {}, 'stop', includeUsage));
  if (includeUsage) tail += event(createUsageChunk(identity, plan.usage));
  tail += 'data: [DONE]\n\n';
  response.end(tail);
}
