import type { IncomingMessage, ServerResponse } from 'node:http';
import { generateDeterministicAnswer } from '../deterministic-answer.ts';
import { pause, cutConnection } from '../response-pacing.ts';
import { parseScriptedDirectives } from '../scripted-directives.ts';
import { parseJson, readBody, shouldFail, type SimulatorSettings, type SimulatorState } from '../simulated-exchange.ts';
import { contentWithholdingReasons, parseGeminiDirectives } from './gemini-directives.ts';
import {
  googleFrontEndHeaders,
  invalidApiKeyError,
  invalidArgument,
  missingApiKeyError,
  modelNotFoundError,
  scriptedGoogleError,
  sendFrontEndPage,
  sendGoogleError,
  type GoogleError,
} from './gemini-error-response.ts';
import {
  blockedPromptResponse,
  createResponseIdentity,
  finalResponse,
  groundingMetadataFor,
  planTokens,
  type Ending,
} from './gemini-payloads.ts';
import {
  apiKeyOf,
  isKnownModel,
  isRejectedApiKey,
  parseGeminiRoute,
  summariseGeminiBody,
  validateGenerateContentRequest,
} from './gemini-request.ts';
import { geminiEvent, startEventStream, streamGenerateContent } from './gemini-stream.ts';
import { prettyJson } from './google-json.ts';

/**
 * Answers everything under `/gemini` like the Gemini API behind the `@google/genai` SDK's base URL:
 * `POST /gemini/{v1|v1beta}/models/{model}:generateContent` and `:streamGenerateContent?alt=sse`, with Google's
 * key checks, validation and error bodies, then a deterministic answer. `signal` aborts when the client or the
 * simulator goes away.
 */
export async function handleGemini(
  request: IncomingMessage,
  response: ServerResponse,
  settings: SimulatorSettings,
  state: SimulatorState,
  signal: AbortSignal,
): Promise<void> {
  const receivedAt = Date.now();
  const url = new URL(request.url ?? '/', 'http://simulator.invalid');
  const route = request.method === 'POST' ? parseGeminiRoute(url.pathname) : undefined;
  if (!route) {
    request.resume();
    sendFrontEndPage(response, 404, url.pathname.replace(/^\/gemini/, ''));
    return;
  }
  const stream = route.method === 'streamGenerateContent';
  const sendError = (error: GoogleError) => sendGoogleError(response, error, { stream });

  const text = await readBody(request);
  const parsed = text === undefined ? undefined : parseJson(text);
  const apiKey = apiKeyOf(request, url.searchParams);
  state.requests.push({
    path: url.pathname,
    model: route.model,
    stream,
    // Gemini has no bearer token; this records whether an API key (header or `?key=`) came with the request.
    hasAuthorization: apiKey !== '',
    ...summariseGeminiBody(parsed?.ok ? parsed.value : undefined),
    receivedAt,
  });

  // The API checks the key before it looks at the model or the body.
  if (apiKey === '') return sendError(missingApiKeyError);
  if (isRejectedApiKey(apiKey)) return sendError(invalidApiKeyError);
  if (!isKnownModel(route.model)) return sendError(modelNotFoundError(route.model, route.version, route.method));
  if (text === undefined) return sendError({ code: 413, message: 'Request payload size exceeds the limit: 10485760 bytes.', status: 'INVALID_ARGUMENT' });
  if (!parsed?.ok) return sendError(invalidArgument('Invalid JSON payload received. Unexpected token.'));
  const validation = validateGenerateContentRequest(parsed.value);
  if (!validation.ok) return sendError(validation.error);
  const contentRequest = validation.request;

  const directives = parseScriptedDirectives(contentRequest.lastUserMessage);
  if (!directives.ok) return sendError(invalidArgument(directives.message));
  const geminiDirectives = parseGeminiDirectives(directives.prompt);
  if (!geminiDirectives.ok) return sendError(invalidArgument(geminiDirectives.message));
  const { script } = directives;
  const { script: geminiScript, prompt } = geminiDirectives;

  // Keyed on the message as sent, directives included, so two tests scripting different faults never share a count.
  const failureKey = `gemini\u0000${route.model}\u0000${contentRequest.lastUserMessage}`;
  if (script.status !== undefined && shouldFail(script, failureKey, state)) {
    const failure = scriptedGoogleError(script.status, route.model);
    if (failure) sendError(failure);
    else sendFrontEndPage(response, 502, url.pathname);
    return;
  }

  const answer = generateDeterministicAnswer({ prompt, model: route.model, pieceCount: script.chunks ?? settings.defaultChunkCount });
  const identity = createResponseIdentity(route.model);
  const tokens = planTokens(route.model, contentRequest.promptTokens, answer.pieces.length);
  const finishReason = geminiScript.finishReason ?? 'STOP';
  const withheld = contentWithholdingReasons.has(finishReason);
  const ending: Ending = {
    finishReason,
    text: stream ? '' : answer.text,
    withheld,
    grounding: contentRequest.googleSearch && !withheld ? groundingMetadataFor(prompt, answer.text) : undefined,
  };

  if (stream) {
    startEventStream(response, receivedAt);
    if (geminiScript.promptBlocked !== undefined) {
      if (!(await pause(script.firstTokenMs ?? 0, signal))) return;
      response.end(geminiEvent(blockedPromptResponse(identity, geminiScript.promptBlocked, tokens)));
      return;
    }
    const report = settings.onContentChunkWritten;
    await streamGenerateContent(
      response,
      {
        identity,
        pieces: answer.pieces,
        tokens,
        ending,
        firstTokenMs: script.firstTokenMs ?? 0,
        chunkMs: script.chunkMs ?? settings.defaultChunkDelayMs,
        cutAfter: script.cutAfter,
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
  const body = prettyJson(
    geminiScript.promptBlocked === undefined
      ? finalResponse(identity, ending, tokens)
      : blockedPromptResponse(identity, geminiScript.promptBlocked, tokens),
  );
  response.writeHead(200, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(body),
    ...googleFrontEndHeaders,
    'server-timing': `gfet4t7; dur=${Date.now() - receivedAt}`,
  });
  response.end(body);
}
