import { invalidRequest, invalidType, missingParameter, type OpenAIErrorDetails } from './openai-error-response.ts';
import { contentText, countWords, isRecord, lastUserMessageOf, type Validation } from './request-fields.ts';
import { cachedTokensOf, reasonsBeforeAnswering } from './token-details.ts';

/** The parts of a chat-completions request body the simulator acts on, after validation. */
export interface ChatCompletionRequest {
  model: string;
  stream: boolean;
  includeUsage: boolean;
  /** The last message with role `user`, as text; '' when there is none. */
  lastUserMessage: string;
  /** Approximate: the word count of every message, so usage is consistent rather than exact. */
  promptTokens: number;
  /** Of those, the words of the earlier turns: served from the prompt cache (`token-details.ts`). */
  cachedTokens: number;
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
  const turns = (messages as Record<string, unknown>[]).map((message) => ({ role: message['role'], text: contentText(message['content']) }));
  const cachedTokens = cachedTokensOf(turns, (role) => role === 'user', (role) => role === 'system' || role === 'developer');

  const temperature = body['temperature'];
  if (temperature !== undefined && temperature !== null) {
    if (typeof temperature !== 'number') return fail(invalidType('temperature', 'a number', temperature));
    const refused = refusedTemperature(model, temperature);
    if (refused) return fail(refused);
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
      cachedTokens,
    },
  };
}

/**
 * What OpenAI answers a temperature it will not take: reasoning models accept only their default of 1, and no model
 * goes beyond 0 to 2. The same words for every vendor on this route, so a test can tell a refused setting apart.
 */
export function refusedTemperature(model: string, temperature: number): OpenAIErrorDetails | undefined {
  if (reasonsBeforeAnswering(model) && temperature !== 1) {
    const message = `Unsupported value: 'temperature' does not support ${temperature} with this model. Only the default (1) value is supported.`;
    return invalidRequest(message, 'temperature', 'unsupported_value');
  }
  if (temperature < 0) {
    return invalidRequest(`Invalid 'temperature': decimal below minimum value. Expected a value >= 0, but got ${temperature} instead.`, 'temperature', 'decimal_below_min_value');
  }
  if (temperature > 2) {
    return invalidRequest(`Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got ${temperature} instead.`, 'temperature', 'decimal_above_max_value');
  }
  return undefined;
}
