import { invalidRequest, invalidType, missingParameter, type OpenAIErrorDetails } from './openai-error-response.ts';
import { contentText, countWords, isRecord, optionalSettings, summariseBody, type Validation } from './request-fields.ts';
import { refusedTemperature } from './chat-completion-request.ts';
import { cachedTokensOf } from './token-details.ts';
import type { RequestSummary } from './simulated-request-pipeline.ts';

/** The parts of a Responses API request body the simulator acts on, after validation. */
export interface ResponsesRequest {
  model: string;
  stream: boolean;
  /** The text of the last user input: `input` itself when it is a string. */
  lastUserMessage: string;
  /** Approximate: the word count of every input message, so usage is consistent rather than exact. */
  inputTokens: number;
  /** Of those, the words of the earlier turns: served from the prompt cache (`token-details.ts`). */
  cachedTokens: number;
  /** Whether one of the built-in web search tools was requested. */
  webSearch: boolean;
  /** `include` names `web_search_call.action.sources`: each search call lists the pages it returned. */
  includeSources: boolean;
  /** The tools as sent, echoed back (with the API's defaults) on the response object. */
  tools: Record<string, unknown>[];
}

const fail = (error: OpenAIErrorDetails) => ({ ok: false, error }) as const;

/** Every spelling of the built-in web search tool the API has accepted (the preview names are still served). */
const webSearchToolTypes: readonly string[] = ['web_search', 'web_search_2025_08_26', 'web_search_preview', 'web_search_preview_2025_03_11'];

/** Item content is a string or a list of parts, of which `input_text` (and `text`) parts carry words. */
const isInputText = (part: Record<string, unknown>): boolean => part['type'] === 'input_text' || part['type'] === 'text';

/** `input` is either the user's text or a list of items; messages are `{role, content}` with or without `type: 'message'`. */
function inputMessages(input: unknown): { role: unknown; text: string }[] {
  if (typeof input === 'string') return [{ role: 'user', text: input }];
  if (!Array.isArray(input)) return [];
  return input.filter(isRecord).map((item) => ({ role: item['role'], text: contentText(item['content'], isInputText) }));
}

function lastUserText(input: unknown): string {
  return inputMessages(input).findLast((message) => message.role === 'user')?.text ?? '';
}

/** The instructions travel in their own field (`instructions`), not as a message. */
export function summariseResponsesBody(body: unknown): RequestSummary {
  const summary = summariseBody(body, (fields) => lastUserText(fields['input']));
  if (!isRecord(body)) return summary;
  return { ...summary, ...optionalSettings(typeof body['instructions'] === 'string' ? body['instructions'] : '', body['temperature']) };
}

export function validateResponsesRequest(body: unknown): Validation<ResponsesRequest, OpenAIErrorDetails> {
  if (!isRecord(body)) return fail(invalidType(null, 'an object', body));

  const model = body['model'];
  if (model === undefined || model === null || model === '') return fail(missingParameter('model'));
  if (typeof model !== 'string') return fail(invalidType('model', 'a string', model));

  const input = body['input'];
  if (input === undefined || input === null) return fail(missingParameter('input'));
  if (typeof input !== 'string' && !Array.isArray(input)) return fail(invalidType('input', 'one of a string or an array', input));

  const stream = body['stream'];
  if (stream !== undefined && stream !== null && typeof stream !== 'boolean') return fail(invalidType('stream', 'a boolean', stream));

  const toolsValue = body['tools'] ?? [];
  if (!Array.isArray(toolsValue)) return fail(invalidType('tools', 'an array', toolsValue));
  const tools: Record<string, unknown>[] = [];
  for (const [index, tool] of toolsValue.entries()) {
    const type = isRecord(tool) ? tool['type'] : undefined;
    if (!isRecord(tool) || typeof type !== 'string') return fail(missingParameter(`tools[${index}].type`));
    // The simulator only knows how to run web search; any other tool would silently be ignored, which hides bugs.
    if (!webSearchToolTypes.includes(type)) {
      const supported = webSearchToolTypes.map((name) => `'${name}'`).join(', ');
      const message = `Invalid value: '${type}'. The simulator supports only these tools: ${supported}.`;
      return fail(invalidRequest(message, `tools[${index}].type`, 'invalid_value'));
    }
    tools.push(tool);
  }

  const temperature = body['temperature'];
  if (temperature !== undefined && temperature !== null) {
    if (typeof temperature !== 'number') return fail(invalidType('temperature', 'a number', temperature));
    const refused = refusedTemperature(model, temperature);
    if (refused) return fail(refused);
  }

  const messages = inputMessages(input);
  const instructions = typeof body['instructions'] === 'string' ? countWords(body['instructions']) : 0;
  const inputTokens = instructions + messages.reduce((total, message) => total + countWords(message.text), 0);
  const cachedTokens = cachedTokensOf(messages, (role) => role === 'user', (role) => role === 'system' || role === 'developer');
  return {
    ok: true,
    request: {
      model,
      stream: stream === true,
      lastUserMessage: lastUserText(input),
      inputTokens: Math.max(1, inputTokens),
      cachedTokens,
      webSearch: tools.length > 0,
      includeSources: Array.isArray(body['include']) && body['include'].includes('web_search_call.action.sources'),
      tools,
    },
  };
}
