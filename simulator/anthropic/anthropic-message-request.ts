import { contentText, countWords, isRecord, lastUserMessageOf, type Validation } from '../request-fields.ts';
import { invalidRequest, type AnthropicErrorDetails } from './anthropic-errors.ts';
import { cachedTokensOf } from '../token-details.ts';

/** The parts of a Messages API request body the simulator acts on, after validation. */
export interface AnthropicMessageRequest {
  model: string;
  maxTokens: number;
  stream: boolean;
  /** The last message with role `user`, as text; '' when there is none. */
  lastUserMessage: string;
  /** Approximate: the word count of the system prompt and every message, so usage is consistent rather than exact. */
  inputTokens: number;
  /** Of those, the words of the earlier turns: read from the prompt cache (`token-details.ts`). */
  cachedTokens: number;
}


/** Messages in the style of the real API, which reports the field path first (`messages.0.role: …`). */
export function validateAnthropicMessageRequest(body: unknown): Validation<AnthropicMessageRequest, AnthropicErrorDetails> {
  if (!isRecord(body)) return { ok: false, error: invalidRequest('Input should be a valid dictionary') };

  const model = body['model'];
  if (model === undefined) return { ok: false, error: invalidRequest('model: Field required') };
  if (typeof model !== 'string' || model === '') return { ok: false, error: invalidRequest('model: Input should be a valid string') };

  const maxTokens = body['max_tokens'];
  if (maxTokens === undefined) return { ok: false, error: invalidRequest('max_tokens: Field required') };
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens)) {
    return { ok: false, error: invalidRequest('max_tokens: Input should be a valid integer') };
  }
  if (maxTokens < 1) return { ok: false, error: invalidRequest('max_tokens: Input should be greater than or equal to 1') };

  const messages = body['messages'];
  if (messages === undefined) return { ok: false, error: invalidRequest('messages: Field required') };
  if (!Array.isArray(messages)) return { ok: false, error: invalidRequest('messages: Input should be a valid list') };
  if (messages.length === 0) return { ok: false, error: invalidRequest('messages: at least one message is required') };

  let inputTokens = countWords(contentText(body['system']));
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message)) return { ok: false, error: invalidRequest(`messages.${index}: Input should be a valid dictionary`) };
    if (message['role'] !== 'user' && message['role'] !== 'assistant') {
      return { ok: false, error: invalidRequest(`messages.${index}.role: Input should be 'user' or 'assistant'`) };
    }
    const content = message['content'];
    if (content === undefined) return { ok: false, error: invalidRequest(`messages.${index}.content: Field required`) };
    if (typeof content !== 'string' && !Array.isArray(content)) {
      return { ok: false, error: invalidRequest(`messages.${index}.content: Input should be a valid list`) };
    }
    inputTokens += countWords(contentText(content));
  }

  const temperature = body['temperature'];
  if (temperature !== undefined) {
    if (typeof temperature !== 'number') return { ok: false, error: invalidRequest('temperature: Input should be a valid number') };
    if (temperature < 0) return { ok: false, error: invalidRequest('temperature: Input should be greater than or equal to 0') };
    if (temperature > 1) return { ok: false, error: invalidRequest('temperature: Input should be less than or equal to 1') };
  }
  const turns = (messages as Record<string, unknown>[]).map((message) => ({ role: message['role'], text: contentText(message['content']) }));
  const cachedTokens = cachedTokensOf(turns, (role) => role === 'user', () => false);

  const stream = body['stream'];
  if (stream !== undefined && typeof stream !== 'boolean') {
    return { ok: false, error: invalidRequest('stream: Input should be a valid boolean') };
  }

  return {
    ok: true,
    request: {
      model,
      maxTokens,
      stream: stream === true,
      lastUserMessage: lastUserMessageOf(messages),
      inputTokens: Math.max(1, inputTokens),
      cachedTokens,
    },
  };
}
