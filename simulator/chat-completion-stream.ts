import type { ServerResponse } from 'node:http';
import {
  createChunk,
  createUsageChunk,
  type CompletionIdentity,
  type CompletionUsage,
} from './chat-completion-payloads.ts';
import { pause, writeFlushed, cutConnection } from './response-pacing.ts';

/** One content chunk that has just been handed to the socket; see `ProviderSimulatorOptions.onContentChunkWritten`. */
export interface ContentChunkWritten {
  /** The last user message with its directives removed. */
  prompt: string;
  /** 0 for the first content chunk (the empty role chunk before it is not counted). */
  index: number;
  /** `performance.now()` in the simulator's process once the write completed. */
  writtenAt: number;
}

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
  /** Told about each content chunk once it is written; undefined (the usual case) costs one check per chunk. */
  onContentChunkWritten: ((index: number, writtenAt: number) => void) | undefined;
  /** Vendor fields added to every chunk, e.g. Perplexity's `citations` and `search_results`; none for OpenAI. */
  vendorFields?: Record<string, unknown>;
}

/** Writes a chat completion as server-sent events, chunk by chunk, the way the real API does. */
export async function streamChatCompletion(response: ServerResponse, plan: StreamPlan, signal: AbortSignal): Promise<void> {
  const { identity, includeUsage } = plan;
  const event = (payload: Record<string, unknown>): string => `data: ${JSON.stringify({ ...payload, ...plan.vendorFields })}\n\n`;
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', ...plan.headers });
  // Headers go out now so the client's create() resolves before the first token, as with a slow real model.
  response.flushHeaders();

  if (!(await pause(plan.firstTokenMs, signal))) return;
  const roleChunk = createChunk(identity, { role: 'assistant', content: '', refusal: null }, null, includeUsage);
  if (!(await writeFlushed(response, event(roleChunk), signal))) return;

  let sent = 0;
  for (const piece of plan.pieces) {
    if (sent === plan.cutAfter) {
      cutConnection(response);
      return;
    }
    if (sent > 0 && !(await pause(plan.chunkMs, signal))) return;
    if (!(await writeFlushed(response, event(createChunk(identity, { content: piece }, null, includeUsage)), signal))) {
      return;
    }
    // Stamped after the write callback, so the time covers only what happens after the bytes left the simulator.
    plan.onContentChunkWritten?.(sent, performance.now());
    sent += 1;
  }
  // A cut at or beyond the last piece still loses the finish chunk and [DONE]: the answer looks whole but never ends.
  if (plan.cutAfter !== undefined) {
    cutConnection(response);
    return;
  }

  let tail = event(createChunk(identity, {}, 'stop', includeUsage));
  if (includeUsage) tail += event(createUsageChunk(identity, plan.usage));
  tail += 'data: [DONE]\n\n';
  response.end(tail);
}
