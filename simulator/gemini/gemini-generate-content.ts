import { pause } from '../response-pacing.ts';
import { scriptedAnswer, sendWholeAnswer, streamPacing } from '../scripted-answer.ts';
import { reportedModelVersion, sendBody, type SimulatedExchange } from '../simulated-exchange.ts';
import { acceptSimulatedRequest } from '../simulated-request-pipeline.ts';
import { geminiDialect } from './gemini-dialect.ts';
import { contentWithholdingReasons } from './gemini-directives.ts';
import { googleFrontEndHeaders, sendFrontEndNotFound } from './gemini-error-response.ts';
import {
  blockedPromptResponse,
  createResponseIdentity,
  finalResponse,
  groundingMetadataFor,
  planTokens,
  type Ending,
} from './gemini-payloads.ts';
import { parseGeminiRoute } from './gemini-request.ts';
import { geminiEvent, startEventStream, streamGenerateContent } from './gemini-stream.ts';
import { prettyJson } from './google-json.ts';

/**
 * Answers everything under `/gemini` like the Gemini API behind the `@google/genai` SDK's base URL:
 * `POST /gemini/{v1|v1beta}/models/{model}:generateContent` and `:streamGenerateContent?alt=sse`, with Google's
 * key checks, validation and error bodies, then a deterministic answer.
 */
export async function handleGemini(exchange: SimulatedExchange): Promise<void> {
  const { request, response, url, settings, signal } = exchange;
  const route = request.method === 'POST' ? parseGeminiRoute(url.pathname) : undefined;
  if (!route) {
    request.resume();
    sendFrontEndNotFound(response, url.pathname.replace(/^\/gemini/, ''));
    return;
  }
  const accepted = await acceptSimulatedRequest(exchange, geminiDialect(route));
  if (!accepted) return;
  const { request: contentRequest, script, prompt, receivedAt } = accepted;
  const { geminiScript } = contentRequest;
  const stream = route.method === 'streamGenerateContent';

  const answer = scriptedAnswer(accepted, settings);
  const identity = createResponseIdentity(reportedModelVersion(exchange.state, route.model));
  const tokens = planTokens(route.model, contentRequest, answer.pieces.length);
  const finishReason = geminiScript.finishReason ?? 'STOP';
  const withheld = contentWithholdingReasons.has(finishReason);
  const ending: Ending = {
    finishReason,
    text: stream ? '' : answer.text,
    withheld,
    grounding:
      contentRequest.googleSearch && !withheld
        ? groundingMetadataFor(prompt, answer.text, {
            redirectBase: `http://${request.headers.host ?? '127.0.0.1'}/gemini`,
            sample: script.sample ?? 0,
            brokenRedirects: Boolean(script.brokenRedirects),
          })
        : undefined,
  };
  const pacing = streamPacing(script, prompt, settings, exchange.state);

  if (stream) {
    startEventStream(response, receivedAt);
    if (geminiScript.promptBlocked !== undefined) {
      if (!(await pause(pacing.firstTokenMs, signal))) return;
      response.end(geminiEvent(blockedPromptResponse(identity, geminiScript.promptBlocked, tokens)));
      return;
    }
    await streamGenerateContent(response, { identity, pieces: answer.pieces, tokens, ending, ...pacing }, signal);
    return;
  }
  await sendWholeAnswer(response, pacing, signal, () => {
    const body =
      geminiScript.promptBlocked === undefined
        ? finalResponse(identity, ending, tokens)
        : blockedPromptResponse(identity, geminiScript.promptBlocked, tokens);
    const headers = { ...googleFrontEndHeaders, 'server-timing': `gfet4t7; dur=${Date.now() - receivedAt}` };
    sendBody(response, 200, 'application/json; charset=UTF-8', prettyJson(body), headers);
  });
}
