import type { ServerResponse } from 'node:http';
import { pause, writeFlushed, cutConnection } from '../response-pacing.ts';
import type { AnthropicErrorDetails } from './anthropic-errors.ts';
import { createStartingMessage, type MessageIdentity, type SimulatedStopReason } from './anthropic-message-payloads.ts';

export interface AnthropicStreamPlan {
  identity: MessageIdentity;
  pieces: readonly string[];
  inputTokens: number;
  stopReason: SimulatedStopReason;
  firstTokenMs: number;
  chunkMs: number;
  /** Stop after this many text deltas: destroy the socket, or send `streamError` when there is one. */
  cutAfter: number | undefined;
  /** Sent as an `event: error` at the cut, the way Anthropic reports a failure after a 200 has gone out. */
  streamError: AnthropicErrorDetails | undefined;
  headers: Record<string, string>;
  /** Told about each text delta once it is written; undefined (the usual case) costs one check per delta. */
  onContentChunkWritten: ((index: number, writtenAt: number) => void) | undefined;
}

/** Anthropic names every event twice: in the `event:` line and in the payload's `type`. */
function event(name: string, payload: Record<string, unknown>): string {
  return `event: ${name}\ndata: ${JSON.stringify({ type: name, ...payload })}\n\n`;
}

function stopAtCut(response: ServerResponse, streamError: AnthropicErrorDetails | undefined): void {
  if (streamError) response.end(event('error', { error: streamError }));
  else cutConnection(response);
}

/**
 * Writes a message as Anthropic's server-sent events: `message_start`, `content_block_start`, `ping`, one
 * `content_block_delta` per piece, then `content_block_stop`, `message_delta` (stop reason, output tokens) and
 * `message_stop`.
 */
export async function streamAnthropicMessage(response: ServerResponse, plan: AnthropicStreamPlan, signal: AbortSignal): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...plan.headers });
  // Headers go out now so the client's create() resolves before the first token, as with a slow real model.
  response.flushHeaders();

  if (!(await pause(plan.firstTokenMs, signal))) return;
  const opening =
    event('message_start', { message: createStartingMessage(plan.identity, plan.inputTokens) }) +
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
    event('ping', {});
  if (!(await writeFlushed(response, opening, signal))) return;

  let sent = 0;
  for (const piece of plan.pieces) {
    if (sent === plan.cutAfter) {
      stopAtCut(response, plan.streamError);
      return;
    }
    if (sent > 0 && !(await pause(plan.chunkMs, signal))) return;
    const delta = event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } });
    if (!(await writeFlushed(response, delta, signal))) return;
    // Stamped after the write callback, so the time covers only what happens after the bytes left the simulator.
    plan.onContentChunkWritten?.(sent, performance.now());
    sent += 1;
  }
  // A cut at or beyond the last piece still loses the closing events: the text looks whole but never ends.
  if (plan.cutAfter !== undefined) {
    stopAtCut(response, plan.streamError);
    return;
  }

  response.end(
    event('content_block_stop', { index: 0 }) +
      event('message_delta', {
        delta: { stop_reason: plan.stopReason, stop_sequence: null },
        usage: { output_tokens: plan.pieces.length },
      }) +
      event('message_stop', {}),
  );
}
