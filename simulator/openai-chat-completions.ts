import { createCompletion, createCompletionIdentity } from './chat-completion-payloads.ts';
import { chatCompletionUsage } from './chat-completion-usage.ts';
import { reasoningTokensFor } from './token-details.ts';
import { citedPageCount, vendorSearchFields, withCitationMarkers } from './chat-completion-citations.ts';
import { validateChatCompletionRequest } from './chat-completion-request.ts';
import { streamChatCompletion } from './chat-completion-stream.ts';
import { openAIAnswerHeaders, openAIDialect } from './openai-dialect.ts';
import { sendJson } from './openai-error-response.ts';
import { summariseMessagesBody } from './request-fields.ts';
import { scriptedAnswer, sendWholeAnswer, streamPacing } from './scripted-answer.ts';
import { reportedModelVersion, type SimulatedExchange } from './simulated-exchange.ts';
import { acceptSimulatedRequest } from './simulated-request-pipeline.ts';

const chatCompletionsDialect = openAIDialect({
  summarise: summariseMessagesBody,
  validate: validateChatCompletionRequest,
  directiveParam: 'messages',
  // Keyed on the message as sent, directives included, so two tests scripting different faults never share a count.
  failureKey: (request) => `${request.model}\u0000${request.lastUserMessage}`,
});

/**
 * Answers `POST …/chat/completions` like OpenAI's API: authentication, validation, scripted faults, then either a
 * server-sent-event stream or one JSON completion.
 */
export async function handleChatCompletions(exchange: SimulatedExchange): Promise<void> {
  const accepted = await acceptSimulatedRequest(exchange, chatCompletionsDialect);
  if (!accepted) return;
  const { response, settings, signal } = exchange;
  const { request: completionRequest, script, prompt } = accepted;

  const scripted = scriptedAnswer(accepted, settings);
  const sample = script.sample ?? 0;
  // A judge's or council's JSON and an echoed answer are said exactly as scripted: no markers in them.
  const marks = accepted.judge || accepted.council || script.echo ? 0 : citedPageCount(exchange.url.pathname, prompt, sample);
  const markedPieces = withCitationMarkers(scripted.pieces, marks);
  const answer = { ...scripted, pieces: markedPieces, text: markedPieces.join('') };
  const identity = createCompletionIdentity(reportedModelVersion(exchange.state, completionRequest.model));
  const usage = chatCompletionUsage(exchange.url.pathname, {
    promptTokens: completionRequest.promptTokens,
    cachedTokens: completionRequest.cachedTokens,
    answerTokens: answer.pieces.length,
    reasoningTokens: reasoningTokensFor(completionRequest.model, answer.pieces.length),
  });
  const headers = openAIAnswerHeaders(accepted.receivedAt);
  const vendorFields = vendorSearchFields(exchange.url.pathname, prompt, sample);
  const pacing = streamPacing(script, prompt, settings, exchange.state);

  if (completionRequest.stream) {
    const plan = { identity, pieces: answer.pieces, usage, includeUsage: completionRequest.includeUsage, headers, vendorFields, ...pacing };
    await streamChatCompletion(response, plan, signal);
    return;
  }
  await sendWholeAnswer(response, pacing, signal, () =>
    sendJson(response, 200, { ...createCompletion(identity, answer.text, usage), ...vendorFields }, headers),
  );
}
