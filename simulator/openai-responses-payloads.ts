import { randomBytes } from 'node:crypto';
import type { UrlCitation } from './openai-responses-citations.ts';

/** Ids and times shared by every event of one response, as the real API repeats them. */
export interface ResponseIdentity {
  id: string;
  createdAt: number;
  model: string;
  messageId: string;
  webSearchCallId: string;
}

export interface ResponseUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export type ResponseStatus = 'in_progress' | 'completed';

/** Real ids are a prefix and 48 hex digits (`resp_…`, `msg_…`, `ws_…`). */
function objectId(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('hex')}`;
}

export function createResponseIdentity(model: string): ResponseIdentity {
  return {
    id: objectId('resp'),
    createdAt: Math.floor(Date.now() / 1000),
    model,
    messageId: objectId('msg'),
    webSearchCallId: objectId('ws'),
  };
}

/** Output tokens include the reasoning ones, as the API counts them. */
export function createResponseUsage(counts: { inputTokens: number; cachedTokens: number; answerTokens: number; reasoningTokens: number }): ResponseUsage {
  const outputTokens = counts.answerTokens + counts.reasoningTokens;
  return {
    input_tokens: counts.inputTokens,
    input_tokens_details: { cached_tokens: counts.cachedTokens },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: counts.reasoningTokens },
    total_tokens: counts.inputTokens + outputTokens,
  };
}

/** The tool as the response object echoes it: what was sent, with the API's defaults filled in. */
function echoedTool(tool: Record<string, unknown>): Record<string, unknown> {
  const isPreview = String(tool['type']).startsWith('web_search_preview');
  return {
    type: tool['type'],
    ...(isPreview ? {} : { filters: null }),
    search_context_size: 'medium',
    user_location: { type: 'approximate', city: null, country: 'US', region: null, timezone: null },
    ...tool,
  };
}

/**
 * One web search call, as the Responses API reports it: a `search` action with the query it ran (`query`, and the
 * newer `queries`), and the pages it returned (`sources`) only when the request asked for them with
 * `include: ['web_search_call.action.sources']`.
 */
export interface SimulatedSearchCall {
  id: string;
  query: string;
  sources: readonly string[];
}

export function webSearchCallItem(call: SimulatedSearchCall, status: ResponseStatus, includeSources: boolean): Record<string, unknown> {
  const action =
    status === 'completed'
      ? { type: 'search', query: call.query, queries: [call.query], ...(includeSources ? { sources: call.sources.map((url) => ({ type: 'url', url })) } : {}) }
      : { type: 'search' };
  return { id: call.id, type: 'web_search_call', status, action };
}

export function outputTextPart(text: string, annotations: readonly UrlCitation[]): Record<string, unknown> {
  return { type: 'output_text', annotations, logprobs: [], text };
}

/** The assistant message: empty while in progress, its one `output_text` part once done. */
export function messageItem(
  identity: ResponseIdentity,
  status: ResponseStatus,
  text: string,
  annotations: readonly UrlCitation[],
): Record<string, unknown> {
  return {
    id: identity.messageId,
    type: 'message',
    status,
    content: status === 'completed' ? [outputTextPart(text, annotations)] : [],
    role: 'assistant',
  };
}

/** The whole response object, as carried by `response.created` / `.in_progress` / `.completed` and non-streamed replies. */
export function responseObject(
  identity: ResponseIdentity,
  tools: readonly Record<string, unknown>[],
  state: { status: ResponseStatus; output: readonly Record<string, unknown>[]; usage: ResponseUsage | null },
): Record<string, unknown> {
  const done = state.status === 'completed';
  return {
    id: identity.id,
    object: 'response',
    created_at: identity.createdAt,
    status: state.status,
    background: false,
    completed_at: done ? Math.floor(Date.now() / 1000) : null,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    max_tool_calls: null,
    model: identity.model,
    output: state.output,
    parallel_tool_calls: true,
    previous_response_id: null,
    prompt_cache_key: null,
    reasoning: { effort: null, summary: null },
    safety_identifier: null,
    // The API answers `auto` while the request is queued and reports the tier that served it at the end.
    service_tier: done ? 'default' : 'auto',
    store: true,
    temperature: 1.0,
    text: { format: { type: 'text' }, verbosity: 'medium' },
    tool_choice: 'auto',
    tools: tools.map(echoedTool),
    top_logprobs: 0,
    top_p: 1.0,
    truncation: 'disabled',
    usage: state.usage,
    user: null,
    metadata: {},
  };
}
