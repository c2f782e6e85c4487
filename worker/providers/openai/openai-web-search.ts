import type OpenAI from 'openai';
import type { AnswerPart, AnswerRequest } from '../answer-provider.ts';
import { providerError } from '../provider-error-classification.ts';
import { responsesInput } from '../conversation-messages.ts';
import { classifyOpenAiError } from './openai-errors.ts';
import { ResponseEventReader } from './openai-response-events.ts';

/**
 * A web-grounded answer from OpenAI: Chat Completions cannot search, so this goes through the Responses API with
 * the built-in `web_search` tool. Only OpenAI itself serves that API; compatible vendors never come here.
 */
export async function* streamWebSearchAnswer(client: OpenAI, request: AnswerRequest, vendor: string): AsyncIterable<AnswerPart> {
  const reader = new ResponseEventReader(vendor);
  try {
    // The column's system prompt travels as `instructions`, the Responses API's own place for it.
    const input = responsesInput(request);
    const stream = await client.responses.create(
      {
        model: request.model,
        input,
        ...(request.systemPrompt ? { instructions: request.systemPrompt } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        tools: [{ type: 'web_search' }],
        // Without it a search call names its query but not the pages it returned (what was retrieved).
        include: ['web_search_call.action.sources'],
        stream: true,
      },
      { signal: request.signal },
    );
    for await (const event of stream) {
      yield* reader.read(event);
    }
  } catch (error) {
    throw classifyOpenAiError(error, vendor);
  }
  // The SDK ends quietly when the body ends early; a response without `response.completed` was cut off.
  if (!reader.ended) throw providerError('STREAM_INTERRUPTED');
}
