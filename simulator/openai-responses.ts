import { openAIAnswerHeaders, openAIDialect } from './openai-dialect.ts';
import { sendJson } from './openai-error-response.ts';
import { planUrlCitations } from './openai-responses-citations.ts';
import { createResponseIdentity, createResponseUsage } from './openai-responses-payloads.ts';
import { summariseResponsesBody, validateResponsesRequest } from './openai-responses-request.ts';
import { completedResponse, streamResponse } from './openai-responses-stream.ts';
import { simulatedSearch, type SimulatedSearch } from './simulated-search.ts';
import type { SimulatedSearchCall } from './openai-responses-payloads.ts';
import { scriptedAnswer, sendWholeAnswer, streamPacing } from './scripted-answer.ts';
import { reportedModelVersion, type SimulatedExchange } from './simulated-exchange.ts';
import { acceptSimulatedRequest } from './simulated-request-pipeline.ts';
import { reasoningTokensFor } from './token-details.ts';

const responsesPath = '/openai/v1/responses';

const responsesDialect = openAIDialect({
  summarise: summariseResponsesBody,
  validate: validateResponsesRequest,
  directiveParam: 'input',
  // The path is part of the key so a prompt scripted to fail here never shares its count with chat completions.
  failureKey: (request) => `${responsesPath}\u0000${request.model}\u0000${request.lastUserMessage}`,
});

/**
 * Answers `POST /openai/v1/responses` like OpenAI's Responses API: authentication, validation, scripted faults,
 * then a stream of named events (or one response object). With a web search tool the answer is preceded by a
 * `web_search_call` item and cites deterministic pages with `url_citation` annotations. The text is the same
 * deterministic answer chat completions gives, so both paths can be compared.
 */
export async function handleResponses(exchange: SimulatedExchange): Promise<void> {
  const accepted = await acceptSimulatedRequest(exchange, responsesDialect);
  if (!accepted) return;
  const { response, settings, signal } = exchange;
  const { request: responsesRequest, script, prompt } = accepted;

  const answer = scriptedAnswer(accepted, settings);
  const identity = createResponseIdentity(reportedModelVersion(exchange.state, responsesRequest.model));
  const search = responsesRequest.webSearch ? simulatedSearch(prompt, script.sample ?? 0, Boolean(script.hostile)) : undefined;
  const plan = {
    identity,
    tools: responsesRequest.tools,
    webSearch: responsesRequest.webSearch,
    searchCalls: search ? searchCallsFor(identity.webSearchCallId, search) : [],
    includeSources: responsesRequest.includeSources,
    pieces: answer.pieces,
    citations: search ? planUrlCitations(answer.pieces, search.cited) : [],
    usage: createResponseUsage({
      inputTokens: responsesRequest.inputTokens,
      cachedTokens: responsesRequest.cachedTokens,
      answerTokens: answer.pieces.length,
      reasoningTokens: reasoningTokensFor(responsesRequest.model, answer.pieces.length),
    }),
  };
  const headers = openAIAnswerHeaders(accepted.receivedAt);
  const pacing = streamPacing(script, prompt, settings, exchange.state);

  if (responsesRequest.stream) {
    await streamResponse(response, { ...plan, ...pacing, headers }, signal);
    return;
  }
  await sendWholeAnswer(response, pacing, signal, () => sendJson(response, 200, completedResponse(plan), headers));
}

/**
 * One search call per fan-out query; the pages found (cited and retrieved-only alike) are shared out among them, as
 * each of a real model's searches returns its own handful.
 */
function searchCallsFor(firstId: string, search: SimulatedSearch): SimulatedSearchCall[] {
  const pages = [...search.cited, ...search.retrievedOnly].map((page) => page.url);
  return search.queries.map((query, index) => ({
    id: index === 0 ? firstId : `${firstId}_${index}`,
    query,
    sources: pages.filter((_, page) => page % search.queries.length === index),
  }));
}
