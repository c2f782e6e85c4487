import type { IncomingMessage, ServerResponse } from 'node:http';
import { generateDeterministicAnswer } from './deterministic-answer.ts';
import {
  createRequestId,
  invalidRequest,
  missingApiKeyError,
  scriptedFailure,
  sendJson,
  sendOpenAIError,
} from './openai-error-response.ts';
import { planUrlCitations } from './openai-responses-citations.ts';
import { createResponseIdentity, createResponseUsage } from './openai-responses-payloads.ts';
import { summariseResponsesBody, validateResponsesRequest } from './openai-responses-request.ts';
import { completedResponse, streamResponse } from './openai-responses-stream.ts';
import { simulatedWebPages } from './openai-responses-web-pages.ts';
import { pause, cutConnection } from './response-pacing.ts';
import { parseScriptedDirectives } from './scripted-directives.ts';
import { bearerToken, parseJson, readBody, shouldFail, type SimulatorSettings, type SimulatorState } from './simulated-exchange.ts';

/**
 * Answers `POST /openai/v1/responses` like OpenAI's Responses API: authentication, validation, scripted faults,
 * then a stream of named events (or one response object). With a web search tool the answer is preceded by a
 * `web_search_call` item and cites deterministic pages with `url_citation` annotations. The text is the same
 * deterministic answer chat completions gives, so both paths can be compared.
 */
export async function handleResponses(
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
    ...summariseResponsesBody(parsed.ok ? parsed.value : undefined),
    hasAuthorization: token !== '',
    receivedAt,
  });

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
  const validation = validateResponsesRequest(parsed.value);
  if (!validation.ok) {
    sendOpenAIError(response, 400, validation.error);
    return;
  }
  const responsesRequest = validation.request;
  const directives = parseScriptedDirectives(responsesRequest.lastUserMessage);
  if (!directives.ok) {
    sendOpenAIError(response, 400, invalidRequest(directives.message, 'input', 'invalid_simulator_directive'));
    return;
  }
  const { script, prompt } = directives;

  // The path is part of the key so a prompt scripted to fail here never shares its count with chat completions.
  const failureKey = `${path}\u0000${responsesRequest.model}\u0000${responsesRequest.lastUserMessage}`;
  if (script.status !== undefined && shouldFail(script, failureKey, state)) {
    const failure = scriptedFailure(script.status, responsesRequest.model);
    sendOpenAIError(response, script.status, failure.error, failure.headers);
    return;
  }

  const answer = generateDeterministicAnswer({
    prompt,
    model: responsesRequest.model,
    pieceCount: script.chunks ?? settings.defaultChunkCount,
  });
  const plan = {
    identity: createResponseIdentity(responsesRequest.model),
    tools: responsesRequest.tools,
    webSearch: responsesRequest.webSearch,
    query: prompt,
    pieces: answer.pieces,
    citations: responsesRequest.webSearch ? planUrlCitations(answer.pieces, simulatedWebPages(prompt)) : [],
    usage: createResponseUsage(responsesRequest.inputTokens, answer.pieces.length),
  };
  const headers = {
    'x-request-id': createRequestId(),
    'openai-version': '2020-10-01',
    'openai-processing-ms': String(Date.now() - receivedAt),
  };

  if (responsesRequest.stream) {
    const report = settings.onContentChunkWritten;
    await streamResponse(
      response,
      {
        ...plan,
        firstTokenMs: script.firstTokenMs ?? 0,
        chunkMs: script.chunkMs ?? settings.defaultChunkDelayMs,
        cutAfter: script.cutAfter,
        headers,
        onContentChunkWritten: report && ((index, writtenAt) => report({ prompt, index, writtenAt })),
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
  sendJson(response, 200, completedResponse(plan), headers);
}
