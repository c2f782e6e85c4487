import { invalidRequest, type OpenAIErrorDetails } from './openai-error-response.ts';

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

export type ChatCompletionRequestResult =
  | { ok: true; request: ChatCompletionRequest }
  | { ok: false; error: OpenAIErrorDetails };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** Message content is a string or, in the newer form, an array of parts of which only text parts carry words. */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isRecord(part) && part['type'] === 'text' && typeof part['text'] === 'string' ? part['text'] : ''))
    .filter((text) => text !== '')
    .join('\n');
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

function lastUserMessageOf(messages: readonly unknown[]): string {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (isRecord(message) && message['role'] === 'user') return messageText(message['content']);
  }
  return '';
}

/** Best-effort fields for the request log, read before validation so even rejected requests are recorded. */
export function summariseRequestBody(body: unknown): { model: string; stream: boolean; lastUserMessage: string } {
  if (!isRecord(body)) return { model: '', stream: false, lastUserMessage: '' };
  const messages = body['messages'];
  return {
    model: typeof body['model'] === 'string' ? body['model'] : '',
    stream: body['stream'] === true,
    lastUserMessage: Array.isArray(messages) ? lastUserMessageOf(messages) : '',
  };
}

export function validateChatCompletionRequest(body: unknown): ChatCompletionRequestResult {
  if (!isRecord(body)) {
    return { ok: false, error: invalidRequest(`Invalid type for body: expected an object, but got ${describeType(body)} instead.`, null, 'invalid_type') };
  }

  const model = body['model'];
  if (model === undefined || model === null || model === '') {
    return { ok: false, error: invalidRequest('you must provide a model parameter', 'model', 'missing_required_parameter') };
  }
  if (typeof model !== 'string') {
    return { ok: false, error: invalidRequest(`Invalid type for 'model': expected a string, but got ${describeType(model)} instead.`, 'model', 'invalid_type') };
  }

  const messages = body['messages'];
  if (messages === undefined || messages === null) {
    return { ok: false, error: invalidRequest("Missing required parameter: 'messages'.", 'messages', 'missing_required_parameter') };
  }
  if (!Array.isArray(messages)) {
    return { ok: false, error: invalidRequest(`Invalid type for 'messages': expected an array, but got ${describeType(messages)} instead.`, 'messages', 'invalid_type') };
  }
  if (messages.length === 0) {
    return {
      ok: false,
      error: invalidRequest("Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", 'messages', 'empty_array'),
    };
  }
  let promptTokens = 0;
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message) || typeof message['role'] !== 'string') {
      const param = `messages[${index}].role`;
      return { ok: false, error: invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter') };
    }
    promptTokens += countWords(messageText(message['content']));
  }

  const stream = body['stream'];
  if (stream !== undefined && stream !== null && typeof stream !== 'boolean') {
    return { ok: false, error: invalidRequest(`Invalid type for 'stream': expected a boolean, but got ${describeType(stream)} instead.`, 'stream', 'invalid_type') };
  }
  const streamOptions = body['stream_options'];
  if (streamOptions !== undefined && streamOptions !== null && stream !== true) {
    return { ok: false, error: invalidRequest("The 'stream_options' parameter is only allowed when 'stream' is enabled.", 'stream_options') };
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
