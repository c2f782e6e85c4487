import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { PlannedCitation } from './openai-responses-citations.ts';
import {
  messageItem,
  outputTextPart,
  responseObject,
  webSearchCallItem,
  type ResponseIdentity,
  type ResponseUsage,
  type SimulatedSearchCall,
} from './openai-responses-payloads.ts';
import { pause, writeFlushed, writePacedPieces } from './response-pacing.ts';
import type { StreamPacing } from './scripted-answer.ts';

/** `firstTokenMs` is spent "searching" when web search runs; a cut leaves the stream without `response.completed`. */
export interface ResponsesStreamPlan extends StreamPacing {
  identity: ResponseIdentity;
  tools: readonly Record<string, unknown>[];
  /** Run a `web_search_call` output item before the message. */
  webSearch: boolean;
  /** The searches run before the answer, one `web_search_call` item each (empty without web search). */
  searchCalls: readonly SimulatedSearchCall[];
  /** The request's `include` asked for each search call's `action.sources`. */
  includeSources: boolean;
  pieces: readonly string[];
  citations: readonly PlannedCitation[];
  usage: ResponseUsage;
  headers: Record<string, string>;
}

/** The API pads each delta with a random `obfuscation` field so its length does not reveal the token. */
function obfuscation(): string {
  const length = 1 + (randomBytes(1)[0] ?? 0) % 15;
  return randomBytes(length).toString('base64url').slice(0, length);
}

/** The final response object: the finished output items and usage. */
export function completedResponse(
  plan: Pick<ResponsesStreamPlan, 'identity' | 'tools' | 'webSearch' | 'searchCalls' | 'includeSources' | 'pieces' | 'citations' | 'usage'>,
) {
  const text = plan.pieces.join('');
  const output = [
    ...(plan.webSearch ? plan.searchCalls.map((call) => webSearchCallItem(call, 'completed', plan.includeSources)) : []),
    messageItem(plan.identity, 'completed', text, plan.citations.map((citation) => citation.annotation)),
  ];
  return responseObject(plan.identity, plan.tools, { status: 'completed', output, usage: plan.usage });
}

/**
 * Writes a response as the Responses API streams it: named server-sent events (`event:` + `data:`), each payload
 * carrying its `type` and a `sequence_number` counting from 0, and no `[DONE]` line; `response.completed` ends it.
 */
export async function streamResponse(response: ServerResponse, plan: ResponsesStreamPlan, signal: AbortSignal): Promise<void> {
  const { identity } = plan;
  let sequence = 0;
  const event = (type: string, fields: Record<string, unknown>): string =>
    `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`;

  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', ...plan.headers });
  response.flushHeaders();

  const inProgress = responseObject(identity, plan.tools, { status: 'in_progress', output: [], usage: null });
  let head = event('response.created', { response: inProgress }) + event('response.in_progress', { response: inProgress });
  const searchCalls = plan.webSearch ? plan.searchCalls : [];
  const messageIndex = searchCalls.length;
  if (searchCalls.length > 0) {
    // Each search runs in turn: announced, searching, then done with its query (and sources, when asked for).
    for (const [index, call] of searchCalls.entries()) {
      const searchIds = { output_index: index, item_id: call.id };
      head += event('response.output_item.added', { output_index: index, item: webSearchCallItem(call, 'in_progress', plan.includeSources) });
      head += event('response.web_search_call.in_progress', searchIds);
      head += event('response.web_search_call.searching', searchIds);
      if (!(await writeFlushed(response, head, signal))) return;
      if (!(await pause(plan.firstTokenMs / searchCalls.length, signal))) return;
      head = event('response.web_search_call.completed', searchIds);
      head += event('response.output_item.done', { output_index: index, item: webSearchCallItem(call, 'completed', plan.includeSources) });
    }
  } else {
    if (!(await writeFlushed(response, head, signal))) return;
    if (!(await pause(plan.firstTokenMs, signal))) return;
    head = '';
  }

  const textIds = { item_id: identity.messageId, output_index: messageIndex, content_index: 0 };
  head += event('response.output_item.added', { output_index: messageIndex, item: messageItem(identity, 'in_progress', '', []) });
  head += event('response.content_part.added', { ...textIds, part: outputTextPart('', []) });
  if (!(await writeFlushed(response, head, signal))) return;

  let annotationIndex = 0;
  const textDelta = (piece: string, index: number): string => {
    let data = event('response.output_text.delta', { ...textIds, delta: piece, logprobs: [], obfuscation: obfuscation() });
    // A citation is announced as soon as the text it covers has been streamed, not at the end.
    for (const citation of plan.citations) {
      if (citation.afterPiece !== index) continue;
      data += event('response.output_text.annotation.added', {
        ...textIds,
        annotation_index: annotationIndex++,
        annotation: citation.annotation,
      });
    }
    return data;
  };
  if (!(await writePacedPieces(response, plan.pieces, textDelta, plan, signal))) return;

  const text = plan.pieces.join('');
  const annotations = plan.citations.map((citation) => citation.annotation);
  let tail = event('response.output_text.done', { ...textIds, text, logprobs: [] });
  tail += event('response.content_part.done', { ...textIds, part: outputTextPart(text, annotations) });
  tail += event('response.output_item.done', { output_index: messageIndex, item: messageItem(identity, 'completed', text, annotations) });
  tail += event('response.completed', { response: completedResponse(plan) });
  response.end(tail);
}
