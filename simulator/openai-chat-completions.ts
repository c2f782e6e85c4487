import type { IncomingMessage, ServerResponse } from 'node:http';
import { createCompletion, createCompletionIdentity, createUsage } from './chat-completion-payloads.ts';
import { summariseRequestBody, validateChatCompletionRequest } from './chat-completion-request.ts';
import { vendorSearchFields } from './chat-completion-citations.ts';
import { streamChatCompletion } from './chat-completion-stream.ts';
import { generateDeterministicAnswer } from './deterministic-answer.ts';
import {
  createRequestId,
  invalidRequest,
  missingApiKeyError,
  scriptedFailure,
  sendJson,
  sendOpenAIError,
} from './openai-error-response.ts';
import { pause, cutConnection } from './response-pacing.ts';
import { parseScriptedDirectives } from './scripted-directives.ts';
import { bearerToken, parseJson, readBody, shouldFail, type SimulatorSettings, type SimulatorState } from './simulated-exchange.ts';

/**
 * Answers `POST …/chat/completions` like OpenAI's API: authentication, validation, scripted faults, then either a
 * server-sent-event stream or one JSON completion. `signal` aborts when the client or the simulator goes away.
 */
export async function handleChatCompletions(
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
    sendOpenAIError(response, 413, invalidRequest('Request body too large.'), { connection: 'close' });
    return;
  }
  const parsed = parseJson(text);
  const token = bearerToken(request);
  state.requests.push({
    path,
    ...summariseRequestBody(parsed.ok ? parsed.value : undefined),
    hasAuthorization: token !== '',
    receivedAt,
  });

  // The real API checks the key before it looks at the body.
  if (token === '') {
    sendOpenAIError(response, 401, missingApiKeyError);
    return;
  }
  if (!parsed.ok) {
    sendOpenAIError(
      response,
      400,
      invalidRequest(
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
      ),
    );
    return;
  }
  const validation = validateChatCompletionRequest(parsed.value);
  if (!validation.ok) {
    sendOpenAIError(response, 400, validation.error);
    return;
  }
  const completionRequest = validation.request;
  const directives = parseScriptedDirectives(completionRequest.lastUserMessage);
  if (!directives.ok) {
    sendOpenAIError(response, 400, invalidRequest(directives.message, 'messages', 'invalid_simulator_directive'));
    return;
  }
  const { script, prompt } = directives;

  // Keyed on the message as sent, directives included, so two tests scripting different faults never share a count.
  const failureKey = `${completionRequest.model}\u0000${completionRequest.lastUserMessage}`;
  if (script.status !== undefined && shouldFail(script, failureKey, state)) {
    const failure = scriptedFailure(script.status, completionRequest.model);
    sendOpenAIError(response, script.status, failure.error, failure.headers);
    return;
  }

  const answer = generateDeterministicAnswer({
    prompt,
    model: completionRequest.model,
    pieceCount: script.chunks ?? settings.defaultChunkCount,
  });
  const identity = createCompletionIdentity(completionRequest.model);
  const usage = createUsage(completionRequest.promptTokens, answer.pieces.length);
  const headers = {
    'x-request-id': createRequestId(),
    'openai-version': '2020-10-01',
    'openai-processing-ms': String(Date.now() - receivedAt),
  };
  const vendorFields = vendorSearchFields(path, prompt);

  if (completionRequest.stream) {
    const report = settings.onContentChunkWritten;
    await streamChatCompletion(
      response,
      {
        identity,
        pieces: answer.pieces,
        usage,
        includeUsage: completionRequest.includeUsage,
        firstTokenMs: script.firstTokenMs ?? 0,
        chunkMs: script.chunkMs ?? settings.defaultChunkDelayMs,
        cutAfter: script.cutAfter,
        headers,
        onContentChunkWritten: report && ((index, writtenAt) => report({ prompt, index, writtenAt })),
        vendorFields,
      },
      signal,
    );
    return;
  }

  // A non-streamed answer arrives all at once after the first-token wait; a cut means the connection just drops.
  if (!(await pause(script.firstTokenMs ?? 0, signal))) return;
  if (script.cutAfter !== undefined) {
    cutConnection(response);
    return;
  }
  sendJson(response, 200, { ...createCompletion(identity, answer.text, usage), ...vendorFields }, headers);
}
