import { invalidRequest, type OpenAIErrorDetails } from './openai-error-response.ts';

/** The parts of a Responses API request body the simulator acts on, after validation. */
export interface ResponsesRequest {
  model: string;
  stream: boolean;
  /** The text of the last user input: `input` itself when it is a string. */
  lastUserMessage: string;
  /** Approximate: the word count of every input message, so usage is consistent rather than exact. */
  inputTokens: number;
  /** Whether one of the built-in web search tools was requested. */
  webSearch: boolean;
  /** The tools as sent, echoed back (with the API's defaults) on the response object. */
  tools: Record<string, unknown>[];
}

export type ResponsesRequestResult = { ok: true; request: ResponsesRequest } | { ok: false; error: OpenAIErrorDetails };

/** Every spelling of the built-in web search tool the API has accepted (the preview names are still served). */
const webSearchToolTypes: readonly string[] = ['web_search', 'web_search_2025_08_26', 'web_search_preview', 'web_search_preview_2025_03_11'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** Item content is a string or a list of parts, of which `input_text` (and `text`) parts carry words. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      isRecord(part) && (part['type'] === 'input_text' || part['type'] === 'text') && typeof part['text'] === 'string' ? part['text'] : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** `input` is either the user's text or a list of items; messages are `{role, content}` with or without `type: 'message'`. */
function inputMessages(input: unknown): { role: unknown; text: string }[] {
  if (typeof input === 'string') return [{ role: 'user', text: input }];
  if (!Array.isArray(input)) return [];
  return input.filter(isRecord).map((item) => ({ role: item['role'], text: contentText(item['content']) }));
}

function lastUserText(input: unknown): string {
  return inputMessages(input).findLast((message) => message.role === 'user')?.text ?? '';
}

/** Best-effort fields for the request log, read before validation so even rejected requests are recorded. */
export function summariseResponsesBody(body: unknown): { model: string; stream: boolean; lastUserMessage: string } {
  if (!isRecord(body)) return { model: '', stream: false, lastUserMessage: '' };
  return {
    model: typeof body['model'] === 'string' ? body['model'] : '',
    stream: body['stream'] === true,
    lastUserMessage: lastUserText(body['input']),
  };
}

export function validateResponsesRequest(body: unknown): ResponsesRequestResult {
  if (!isRecord(body)) {
    return { ok: false, error: invalidRequest(`Invalid type for body: expected an object, but got ${describeType(body)} instead.`, null, 'invalid_type') };
  }

  const model = body['model'];
  if (model === undefined || model === null || model === '') {
    return { ok: false, error: invalidRequest("Missing required parameter: 'model'.", 'model', 'missing_required_parameter') };
  }
  if (typeof model !== 'string') {
    return { ok: false, error: invalidRequest(`Invalid type for 'model': expected a string, but got ${describeType(model)} instead.`, 'model', 'invalid_type') };
  }

  const input = body['input'];
  if (input === undefined || input === null) {
    return { ok: false, error: invalidRequest("Missing required parameter: 'input'.", 'input', 'missing_required_parameter') };
  }
  if (typeof input !== 'string' && !Array.isArray(input)) {
    return {
      ok: false,
      error: invalidRequest(`Invalid type for 'input': expected one of a string or an array, but got ${describeType(input)} instead.`, 'input', 'invalid_type'),
    };
  }

  const stream = body['stream'];
  if (stream !== undefined && stream !== null && typeof stream !== 'boolean') {
    return { ok: false, error: invalidRequest(`Invalid type for 'stream': expected a boolean, but got ${describeType(stream)} instead.`, 'stream', 'invalid_type') };
  }

  const toolsValue = body['tools'] ?? [];
  if (!Array.isArray(toolsValue)) {
    return { ok: false, error: invalidRequest(`Invalid type for 'tools': expected an array, but got ${describeType(toolsValue)} instead.`, 'tools', 'invalid_type') };
  }
  const tools: Record<string, unknown>[] = [];
  for (const [index, tool] of toolsValue.entries()) {
    const type = isRecord(tool) ? tool['type'] : undefined;
    if (!isRecord(tool) || typeof type !== 'string') {
      const param = `tools[${index}].type`;
      return { ok: false, error: invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter') };
    }
    // The simulator only knows how to run web search; any other tool would silently be ignored, which hides bugs.
    if (!webSearchToolTypes.includes(type)) {
      return {
        ok: false,
        error: invalidRequest(
          `Invalid value: '${type}'. The simulator supports only these tools: ${webSearchToolTypes.map((name) => `'${name}'`).join(', ')}.`,
          `tools[${index}].type`,
          'invalid_value',
        ),
      };
    }
    tools.push(tool);
  }

  const messages = inputMessages(input);
  const inputTokens = messages.reduce((total, message) => total + countWords(message.text), 0);
  return {
    ok: true,
    request: {
      model,
      stream: stream === true,
      lastUserMessage: lastUserText(input),
      inputTokens: Math.max(1, inputTokens),
      webSearch: tools.length > 0,
      tools,
    },
  };
}
