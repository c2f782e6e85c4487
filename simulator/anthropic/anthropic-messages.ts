import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { generateDeterministicAnswer } from '../deterministic-answer.ts';
import { pause, cutConnection } from '../response-pacing.ts';
import { parseScriptedDirectives } from '../scripted-directives.ts';
import { bearerToken, parseJson, readBody, shouldFail, type SimulatorSettings, type SimulatorState } from '../simulated-exchange.ts';
import {
  createAnthropicRequestId,
  invalidApiKeyError,
  invalidRequest,
  scriptedAnthropicFailure,
  sendAnthropicError,
  sendAnthropicJson,
} from './anthropic-errors.ts';
import { summariseAnthropicRequestBody, validateAnthropicMessageRequest } from './anthropic-message-request.ts';
import { createMessage, createMessageIdentity } from './anthropic-message-payloads.ts';
import { streamAnthropicMessage } from './anthropic-stream.ts';

/** One organisation per simulator process, as one real key always belongs to the same organisation. */
const organizationId = randomUUID();

/**
 * The key as the API accepts it: `x-api-key` (the documented header) or `Authorization: Bearer …`, which is how
 * the installed `@anthropic-ai/sdk` sends an API key.
 */
function apiKeyOf(request: IncomingMessage): string {
  const header = request.headers['x-api-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  return key !== '' ? key : bearerToken(request);
}

/**
 * Answers `POST /anthropic/v1/messages` like Anthropic's Messages API: authentication, the version header,
 * validation, scripted faults, then either a server-sent-event stream or one Message. `signal` aborts when the
 * client or the simulator goes away.
 */
export async function handleAnthropicMessages(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  settings: SimulatorSettings,
  state: SimulatorState,
  signal: AbortSignal,
): Promise<void> {
  const receivedAt = Date.now();
  const text = await readBody(request);
  if (text === undefined) {
    sendAnthropicError(response, 413, { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' }, { connection: 'close' });
    return;
  }
  const parsed = parseJson(text);
  const apiKey = apiKeyOf(request);
  state.requests.push({
    path,
    ...summariseAnthropicRequestBody(parsed.ok ? parsed.value : undefined),
    hasAuthorization: apiKey !== '',
    receivedAt,
  });

  // The real API checks the key, then the version header, before it looks at the body.
  if (apiKey === '') {
    sendAnthropicError(response, 401, invalidApiKeyError);
    return;
  }
  if (!request.headers['anthropic-version']) {
    sendAnthropicError(response, 400, invalidRequest('anthropic-version: header is required'));
    return;
  }
  if (!parsed.ok) {
    sendAnthropicError(response, 400, invalidRequest('There was an issue with the format or content of your request: invalid JSON body.'));
    return;
  }
  const validation = validateAnthropicMessageRequest(parsed.value);
  if (!validation.ok) {
    sendAnthropicError(response, 400, validation.error);
    return;
  }
  const messageRequest = validation.request;
  const directives = parseScriptedDirectives(messageRequest.lastUserMessage);
  if (!directives.ok) {
    sendAnthropicError(response, 400, invalidRequest(`messages: ${directives.message}`));
    return;
  }
  const { script, prompt } = directives;

  // With a status, cut-after only says where a streamed failure happens; it never cuts a successful answer.
  const failureKey = `${messageRequest.model}\u0000${messageRequest.lastUserMessage}`;
  const failure =
    script.status !== undefined && shouldFail(script, failureKey, state)
      ? { status: script.status, ...scriptedAnthropicFailure(script.status) }
      : undefined;
  const failsInStream = failure !== undefined && messageRequest.stream && script.cutAfter !== undefined;
  if (failure && !failsInStream) {
    sendAnthropicError(response, failure.status, failure.error, failure.headers);
    return;
  }

  // The whole answer is generated, then max_tokens truncates it, so a short limit gives a prefix of the same text.
  const answer = generateDeterministicAnswer({
    prompt,
    model: messageRequest.model,
    pieceCount: script.chunks ?? settings.defaultChunkCount,
  });
  const pieces = answer.pieces.slice(0, messageRequest.maxTokens);
  const stopReason = pieces.length < answer.pieces.length ? 'max_tokens' : 'end_turn';
  const identity = createMessageIdentity(messageRequest.model);
  const headers = { 'request-id': createAnthropicRequestId(), 'anthropic-organization-id': organizationId };

  if (messageRequest.stream) {
    const report = settings.onContentChunkWritten;
    await streamAnthropicMessage(
      response,
      {
        identity,
        pieces,
        inputTokens: messageRequest.inputTokens,
        stopReason,
        firstTokenMs: script.firstTokenMs ?? 0,
        chunkMs: script.chunkMs ?? settings.defaultChunkDelayMs,
        cutAfter: script.status === undefined || failsInStream ? script.cutAfter : undefined,
        streamError: failsInStream ? failure?.error : undefined,
        headers,
        onContentChunkWritten: report && ((index, writtenAt) => report({ prompt, index, writtenAt })),
      },
      signal,
    );
    return;
  }

  // A non-streamed answer arrives all at once after the first-token wait; a cut means the connection just drops.
  if (!(await pause(script.firstTokenMs ?? 0, signal))) return;
  if (script.cutAfter !== undefined && script.status === undefined) {
    cutConnection(response);
    return;
  }
  sendAnthropicJson(
    response,
    200,
    createMessage(identity, pieces.join(''), stopReason, messageRequest.inputTokens, pieces.length),
    headers,
  );
}
