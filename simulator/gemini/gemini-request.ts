import type { IncomingMessage } from 'node:http';
import { contentText, countWords, isRecord, lastUserMessageOf, optionalSettings, type Validation } from '../request-fields.ts';
import { cachedTokensOf } from '../token-details.ts';
import { headerText } from '../simulated-exchange.ts';
import { invalidArgument, type GoogleError } from './gemini-error-response.ts';

/**
 * Reading a Gemini API request: which model and method the URL names, which key came with it, and the parts of a
 * `GenerateContentRequest` body the simulator acts on.
 */
export type GeminiMethod = 'generateContent' | 'streamGenerateContent';

export interface GeminiRoute {
  /** `v1` (the SDK's default), `v1beta` or `v1alpha`. */
  version: string;
  model: string;
  method: GeminiMethod;
}

/** `/gemini/v1beta/models/gemini-2.5-flash:streamGenerateContent` → its parts; other paths are not the API's. */
export function parseGeminiRoute(path: string): GeminiRoute | undefined {
  const match = /^\/gemini\/(v1|v1beta|v1alpha)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
  if (!match) return undefined;
  const [, version, model, method] = match;
  if (version === undefined || model === undefined || method === undefined) return undefined;
  return { version, model: decodeURIComponent(model), method: method as GeminiMethod };
}

/** The API serves Google's model families; anything else (a typo, another vendor's id) is a 404. */
export function isKnownModel(model: string): boolean {
  return /^(gemini|gemma|learnlm)-[a-z0-9][a-z0-9.-]*$/i.test(model);
}

/** The SDK sends `x-goog-api-key`; REST examples put the key in `?key=`. Google accepts either. */
export function apiKeyOf(request: IncomingMessage, query: URLSearchParams): string {
  return headerText(request, 'x-goog-api-key') || (query.get('key')?.trim() ?? '');
}

/**
 * Real keys are 39 characters starting `AIza`; the simulator accepts any key so tests can use `test-key`, except
 * keys starting with `invalid`, which get the API's "API key not valid" answer.
 */
export function isRejectedApiKey(key: string): boolean {
  return /^invalid/i.test(key);
}

export interface GenerateContentRequest {
  /** Text of the last `user` content, as sent (directives included). */
  lastUserMessage: string;
  /** Approximate: the word count of every content's text and the system instruction, so usage is consistent rather than exact. */
  promptTokens: number;
  /** Of those, the words of the earlier turns: served from the cache (`token-details.ts`). */
  cachedTokens: number;
  /** A `googleSearch` tool was offered, so the answer is grounded in (simulated) search results. */
  googleSearch: boolean;
}


// Proto JSON accepts each field in lowerCamelCase or its original snake_case; any other name is rejected.
const knownFields = new Set(
  [
    ['model'],
    ['contents'],
    ['tools'],
    ['toolConfig', 'tool_config'],
    ['safetySettings', 'safety_settings'],
    ['systemInstruction', 'system_instruction'],
    ['generationConfig', 'generation_config'],
    ['cachedContent', 'cached_content'],
    ['labels'],
    ['serviceTier', 'service_tier'],
    ['store'],
  ].flat(),
);

/** Every part with a `text` carries words; Gemini parts have no `type`. */
function textOf(content: Record<string, unknown>): string {
  const parts = content['parts'];
  return Array.isArray(parts) ? contentText(parts, () => true) : '';
}

/** Best-effort fields for the request log, read before validation so even rejected requests are recorded. */
export function summariseGeminiBody(body: unknown): { lastUserMessage: string; earlierMessages?: string[]; systemPrompt?: string; temperature?: number } {
  if (!isRecord(body)) return { lastUserMessage: '' };
  const generationConfig = fieldOf(body, 'generationConfig', 'generation_config');
  const settings = optionalSettings(systemInstructionText(body), isRecord(generationConfig) ? generationConfig['temperature'] : undefined);
  const contents = Array.isArray(body['contents']) ? body['contents'] : [];
  // The earlier turns' text, as chat-style bodies give it (a council's reviewer reads the answers there).
  const earlierMessages = contents.slice(0, -1).map((content) => (isRecord(content) ? textOf(content) : ''));
  return { lastUserMessage: lastUserContentOf(contents), ...(earlierMessages.length > 0 ? { earlierMessages } : {}), ...settings };
}

/** Proto JSON takes a field in lowerCamelCase or snake_case. */
function fieldOf(body: Record<string, unknown>, camel: string, snake: string): unknown {
  return body[camel] ?? body[snake];
}

/** The system instruction's text: a Content (`{parts: [{text}]}`), or a bare string as REST examples write it. */
function systemInstructionText(body: Record<string, unknown>): string {
  const instruction = fieldOf(body, 'systemInstruction', 'system_instruction');
  if (typeof instruction === 'string') return instruction;
  return isRecord(instruction) ? textOf(instruction) : '';
}

function lastUserContentOf(contents: readonly unknown[]): string {
  // A single-turn request may leave `role` out; the API then treats the content as the user's.
  return lastUserMessageOf(contents, (content) => content['role'] === 'user' || content['role'] === undefined, textOf);
}

export function validateGenerateContentRequest(body: unknown): Validation<GenerateContentRequest, GoogleError> {
  if (!isRecord(body)) return { ok: false, error: invalidArgument('Invalid JSON payload received. Expected an object.') };
  for (const name of Object.keys(body)) {
    if (!knownFields.has(name)) {
      return { ok: false, error: invalidArgument(`Invalid JSON payload received. Unknown name "${name}": Cannot find field.`) };
    }
  }

  const contents = body['contents'];
  if (!Array.isArray(contents) || contents.length === 0) {
    return { ok: false, error: invalidArgument('* GenerateContentRequest.contents: contents is not specified\n') };
  }
  let promptTokens = 0;
  for (const [index, content] of contents.entries()) {
    if (!isRecord(content) || !Array.isArray(content['parts']) || content['parts'].length === 0) {
      return { ok: false, error: invalidArgument(`* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty.\n`) };
    }
    promptTokens += countWords(textOf(content));
  }

  const generationConfig = fieldOf(body, 'generationConfig', 'generation_config');
  const temperature = isRecord(generationConfig) ? generationConfig['temperature'] : undefined;
  if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 2)) {
    return { ok: false, error: invalidArgument('* GenerateContentRequest.generation_config.temperature: temperature must be in the range [0.0, 2.0]\n') };
  }
  promptTokens += countWords(systemInstructionText(body));
  const turns = (contents as Record<string, unknown>[]).map((content) => ({ role: content['role'] ?? 'user', text: textOf(content) }));
  const cachedTokens = cachedTokensOf(turns, (role) => role === 'user', () => false);

  const tools = body['tools'];
  const googleSearch =
    Array.isArray(tools) && tools.some((tool) => isRecord(tool) && (isRecord(tool['googleSearch']) || isRecord(tool['google_search'])));

  return { ok: true, request: { lastUserMessage: lastUserContentOf(contents), promptTokens: Math.max(1, promptTokens), cachedTokens, googleSearch } };
}
