import type { RequestSummary } from './simulated-request-pipeline.ts';

/**
 * Reading fields out of a JSON request body, as every vendor's validator needs to: type checks, the text of message
 * content, word counts for usage, and the best-effort summary for the request log. The vendors differ only in
 * which parts carry text and how they word their errors, which stays in their own files.
 */

/** What a vendor's validator returns: the fields the simulator acts on, or the vendor's error. */
export type Validation<Request, Error> = { ok: true; request: Request } | { ok: false; error: Error };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a JSON value's type reads in an error message: `null`, `an array`, `a string`. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** Usage is approximate: word counts, so it is consistent rather than exact. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

const isTypedText = (part: Record<string, unknown>): boolean => part['type'] === 'text';

/** Content is a string or a list of parts, of which only text parts (`type: 'text'` unless told) carry words. */
export function contentText(content: unknown, isTextPart: (part: Record<string, unknown>) => boolean = isTypedText): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isRecord(part) && isTextPart(part) && typeof part['text'] === 'string' ? part['text'] : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/** The text of the last message from the user; '' when there is none. */
export function lastUserMessageOf(
  messages: readonly unknown[],
  isUser: (message: Record<string, unknown>) => boolean = (message) => message['role'] === 'user',
  textOf: (message: Record<string, unknown>) => string = (message) => contentText(message['content']),
): string {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (isRecord(message) && isUser(message)) return textOf(message);
  }
  return '';
}

/** Read before validation, so even rejected requests are logged; `lastUserMessageIn` knows where the body keeps it. */
export function summariseBody(body: unknown, lastUserMessageIn: (body: Record<string, unknown>) => string): RequestSummary {
  if (!isRecord(body)) return { model: '', stream: false, lastUserMessage: '' };
  return {
    model: typeof body['model'] === 'string' ? body['model'] : '',
    stream: body['stream'] === true,
    lastUserMessage: lastUserMessageIn(body),
  };
}

/**
 * Chat-style bodies (OpenAI chat completions, Anthropic Messages) keep the conversation in `messages`; the
 * instructions are `system` / `developer` messages (OpenAI) or the top-level `system` (Anthropic).
 */
export function summariseMessagesBody(body: unknown): RequestSummary {
  const summary = summariseBody(body, (fields) => (Array.isArray(fields['messages']) ? lastUserMessageOf(fields['messages']) : ''));
  const messages = isRecord(body) && Array.isArray(body['messages']) ? body['messages'] : [];
  const systemMessages = messages.filter(isRecord).filter((message) => message['role'] === 'system' || message['role'] === 'developer');
  const system = isRecord(body) && body['system'] !== undefined ? contentText(body['system']) : systemMessages.map((message) => contentText(message['content'])).join('\n\n');
  return {
    ...summary,
    earlierMessages: messages.slice(0, -1).map((message) => (isRecord(message) ? contentText(message['content']) : '')),
    ...optionalSettings(system, isRecord(body) ? body['temperature'] : undefined),
  };
}

/** The request log's system prompt and temperature, each left out when the request had none. */
export function optionalSettings(systemPrompt: string, temperature: unknown): Pick<RequestSummary, 'systemPrompt' | 'temperature'> {
  return { ...(systemPrompt !== '' ? { systemPrompt } : {}), ...(typeof temperature === 'number' ? { temperature } : {}) };
}
