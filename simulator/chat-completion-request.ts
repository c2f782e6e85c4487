import { invalidRequest, invalidType, missingParameter, type OpenAIErrorDetails } from './openai-error-response.ts';
import { contentText, countWords, isRecord, lastUserMessageOf, type Validation } from './request-fields.ts';

/** The parts of a chat-completions request body the simulator acts on, after validation. */
export interface ChatCompletionRequest {
  model: string;
  stream: boolean;
  includeUsage: boolean;
  /** The last message with role `user`, as text; '' when there is none. */
  lastUserMessage: string;
  /** Approximate: the word count of every message, so usage is consistent rather than exact. */
  promptTokens: number;
}

const fail = (error: OpenAIErrorDetails) => ({ ok: false, error }) as const;

export function validateChatCompletionRequest(body: unknown): Validation<ChatCompletionRequest, OpenAIErrorDetails> {
  if (!isRecord(body)) return fail(invalidType(null, 'an object', body));

  const model = body['model'];
  if (model === undefined || model === null || model === '') {
    // Chat completions words this one differently from every other missing parameter.
    return fail(invalidRequest('you must provide a model parameter', 'model', 'missing_required_parameter'));
  }
  if (typeof model !== 'string') return fail(invalidType('model', 'a string', model));

  const messages = body['messages'];
  if (messages === undefined || messages === null) return fail(missingParameter('messages'));
  if (!Array.isArray(messages)) return fail(invalidType('messages', 'an array', messages));
  if (messages.length === 0) {
    return fail(invalidRequest("Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", 'messages', 'empty_array'));
  }
  let promptTokens = 0;
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message) || typeof message['role'] !== 'string') return fail(missingParameter(`messages[${index}].role`));
    promptTokens += countWords(contentText(message['content']));
  }

  const stream = body['stream'];
  if (stream !== undefined && stream !== null && typeof stream !== 'boolean') return fail(invalidType('stream', 'a boolean', stream));
  const streamOptions = body['stream_options'];
  if (streamOptions !== undefined && streamOptions !== null && stream !== true) {
    return fail(invalidRequest("The 'stream_options' parameter is only allowed when 'stream' is enabled.", 'stream_options'));
  }

  return {
    ok: true,
    request: {
      model,
      stream: stream === true,
      includeUsage: isRecord(streamOptions) && streamOptions['include_usage'] === true,
      lastUserMessage: lastUserMessageOf(messages),
      promptTokens: Math.max(1, promptTokens),
    },
  };
}
