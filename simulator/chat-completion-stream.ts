import type { ServerResponse } from 'node:http';
import {
  createChunk,
  createUsageChunk,
  type CompletionIdentity,
  type CompletionUsage,
} from './chat-completion-payloads.ts';
import { pause, writeFlushed, writePacedPieces } from './response-pacing.ts';
import type { StreamPacing } from './scripted-answer.ts';

export interface StreamPlan extends StreamPacing {
  identity: CompletionIdentity;
  pieces: readonly string[];
  usage: CompletionUsage;
  includeUsage: boolean;
  headers: Record<string, string>;
  /** Vendor fields added to every chunk, e.g. Perplexity's `citations` and `search_results`; none for OpenAI. */
  vendorFields?: Record<string, unknown>;
}

/**
 * Writes a chat completion as server-sent events, chunk by chunk, the way the real API does. A cut loses the finish
 * chunk and `[DONE]`.
 */
export async function streamChatCompletion(response: ServerResponse, plan: StreamPlan, signal: AbortSignal): Promise<void> {
  const { identity, includeUsage } = plan;
  const event = (payload: Record<string, unknown>): string => `data: ${JSON.stringify({ ...payload, ...plan.vendorFields })}\n\n`;
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', ...plan.headers });
  // Headers go out now so the client's create() resolves before the first token, as with a slow real model.
  response.flushHeaders();

  if (!(await pause(plan.firstTokenMs, signal))) return;
  const roleChunk = createChunk(identity, { role: 'assistant', content: '', refusal: null }, null, includeUsage);
  if (!(await writeFlushed(response, event(roleChunk), signal))) return;

  const contentChunk = (piece: string) => event(createChunk(identity, { content: piece }, null, includeUsage));
  if (!(await writePacedPieces(response, plan.pieces, contentChunk, plan, signal))) return;

  let tail = event(createChunk(identity, {}, 'stop', includeUsage));
  if (includeUsage) tail += event(createUsageChunk(identity, plan.usage));
  tail += 'data: [DONE]\n\n';
  response.end(tail);
}
