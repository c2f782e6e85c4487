import type { ServerResponse } from 'node:http';
import { cutConnection, pause, writeFlushed, writePacedPieces } from '../response-pacing.ts';
import type { StreamPacing } from '../scripted-answer.ts';
import type { AnthropicErrorDetails } from './anthropic-errors.ts';
import { createStartingMessage, type InputTokens, type MessageIdentity, type SimulatedStopReason } from './anthropic-message-payloads.ts';

/** At `cutAfter` text deltas the socket is destroyed, or `streamError` is sent when there is one. */
export interface AnthropicStreamPlan extends StreamPacing {
  identity: MessageIdentity;
  pieces: readonly string[];
  inputTokens: InputTokens;
  stopReason: SimulatedStopReason;
  /** Sent as an `event: error` at the cut, the way Anthropic reports a failure after a 200 has gone out. */
  streamError: AnthropicErrorDetails | undefined;
  headers: Record<string, string>;
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

  const delta = (piece: string) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } });
  const atCut = () => stopAtCut(response, plan.streamError);
  if (!(await writePacedPieces(response, plan.pieces, delta, plan, signal, atCut))) return;

  response.end(
    event('content_block_stop', { index: 0 }) +
      event('message_delta', {
        delta: { stop_reason: plan.stopReason, stop_sequence: null },
        usage: { output_tokens: plan.pieces.length },
      }) +
      event('message_stop', {}),
  );
}
