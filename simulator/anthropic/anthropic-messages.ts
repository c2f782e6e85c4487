import { randomUUID } from 'node:crypto';
import { scriptedAnswer, sendWholeAnswer, streamPacing } from '../scripted-answer.ts';
import { reportedModelVersion, type SimulatedExchange } from '../simulated-exchange.ts';
import { acceptSimulatedRequest } from '../simulated-request-pipeline.ts';
import { anthropicDialect } from './anthropic-dialect.ts';
import { createAnthropicRequestId, sendAnthropicJson } from './anthropic-errors.ts';
import { createMessage, createMessageIdentity, type SimulatedStopReason } from './anthropic-message-payloads.ts';
import { streamAnthropicMessage } from './anthropic-stream.ts';

/** One organisation per simulator process, as one real key always belongs to the same organisation. */
const organizationId = randomUUID();

/**
 * Answers `POST /anthropic/v1/messages` like Anthropic's Messages API: authentication, the version header,
 * validation, scripted faults, then either a server-sent-event stream or one Message.
 */
export async function handleAnthropicMessages(exchange: SimulatedExchange): Promise<void> {
  const accepted = await acceptSimulatedRequest(exchange, anthropicDialect);
  if (!accepted) return;
  const { response, settings, signal } = exchange;
  const { request: messageRequest, script, prompt, failureInAnswer } = accepted;

  // The whole answer is generated, then max_tokens truncates it, so a short limit gives a prefix of the same text.
  const answer = scriptedAnswer(accepted, settings);
  const pieces = answer.pieces.slice(0, messageRequest.maxTokens);
  const stopReason: SimulatedStopReason = pieces.length < answer.pieces.length ? 'max_tokens' : 'end_turn';
  const identity = createMessageIdentity(reportedModelVersion(exchange.state, messageRequest.model));
  const headers = { 'request-id': createAnthropicRequestId(), 'anthropic-organization-id': organizationId };
  // With a status, cut-after only positions a streamed failure; it never cuts an answer that succeeds.
  const cutAfter = script.status === undefined || failureInAnswer ? script.cutAfter : undefined;
  const pacing = { ...streamPacing(script, prompt, settings, exchange.state), cutAfter };

  const inputTokens = { total: messageRequest.inputTokens, cached: messageRequest.cachedTokens };
  if (messageRequest.stream) {
    const plan = { identity, pieces, inputTokens, stopReason, streamError: failureInAnswer?.details, headers, ...pacing };
    await streamAnthropicMessage(response, plan, signal);
    return;
  }
  await sendWholeAnswer(response, pacing, signal, () =>
    sendAnthropicJson(response, 200, createMessage(identity, pieces.join(''), stopReason, inputTokens, pieces.length), headers),
  );
}
