import { hasStrings, isCount, parseFields, type Fields } from './event-fields.ts';
import type { ServerSentEvent } from './server-sent-events.ts';

/**
 * The browser's side of the `/api/search/stream` wire contract. The server and worker speak in run events
 * (`core/events/run-event.ts`); the server translates them into these SSE events, which is all the browser sees.
 * The types are restated here so the client bundle does not pull in the server's schema library.
 */

export const SEARCH_QUERY_MAX_LENGTH = 500;

/** Spec section 3's search request, as `POST /api/search/stream` takes it. */
export interface SearchRequest {
  /** Trimmed, at most `SEARCH_QUERY_MAX_LENGTH` characters. */
  query: string;
  /** The engine id (spec: `model`). */
  model: string;
  specificModel: string;
  searchEnabled: boolean;
  aiOverviewParams?: { gl: string; hl: string } | null;
  brandMonitoringEnabled?: boolean;
  brandConfig?: { brandName: string; websiteUrl?: string; keywords: string[] } | null;
}

interface SearchEventBase {
  requestId: string;
  runId: string;
}

export interface SearchStartEvent extends SearchEventBase {
  type: 'start';
  engine: string;
  model: string;
}

export interface SearchChunkEvent extends SearchEventBase {
  type: 'chunk';
  /** Text to append to what has arrived so far. */
  content: string;
}

export interface SearchEndEvent extends SearchEventBase {
  type: 'end';
  /** The whole final answer; it replaces the streamed text. */
  response: string;
  creditsUsed: number;
  finishReason: string | null;
  durationMs: number;
}

export interface SearchErrorEvent extends SearchEventBase {
  type: 'error';
  message: string;
  code: string;
  retryable: boolean;
}

export type SearchStreamEvent = SearchStartEvent | SearchChunkEvent | SearchEndEvent | SearchErrorEvent;

export type DecodedSearchEvent =
  | { outcome: 'event'; event: SearchStreamEvent }
  /** An event name this client does not know; skipping it lets the server add events without breaking us. */
  | { outcome: 'unknown' }
  /** A known event whose data does not match the contract. */
  | { outcome: 'invalid' };

function decodeFields(type: SearchStreamEvent['type'], fields: Fields): SearchStreamEvent | null {
  if (!hasStrings(fields, ['requestId', 'runId'])) return null;
  const base: SearchEventBase = { requestId: fields['requestId'] as string, runId: fields['runId'] as string };

  switch (type) {
    case 'start':
      if (!hasStrings(fields, ['engine', 'model'])) return null;
      return { ...base, type, engine: fields['engine'] as string, model: fields['model'] as string };
    case 'chunk':
      if (!hasStrings(fields, ['content'])) return null;
      return { ...base, type, content: fields['content'] as string };
    case 'end': {
      const { response, creditsUsed, finishReason, durationMs } = fields;
      if (typeof response !== 'string' || !isCount(creditsUsed) || !isCount(durationMs)) return null;
      if (typeof finishReason !== 'string' && finishReason !== null) return null;
      return { ...base, type, response, creditsUsed, finishReason, durationMs };
    }
    case 'error': {
      const { message, code, retryable } = fields;
      if (typeof message !== 'string' || typeof code !== 'string' || typeof retryable !== 'boolean') return null;
      return { ...base, type, message, code, retryable };
    }
  }
}

const SEARCH_EVENT_TYPES: ReadonlySet<string> = new Set<SearchStreamEvent['type']>(['start', 'chunk', 'end', 'error']);

function isSearchEventType(name: string): name is SearchStreamEvent['type'] {
  return SEARCH_EVENT_TYPES.has(name);
}

export function decodeSearchEvent(message: ServerSentEvent): DecodedSearchEvent {
  return decodeSearchFields(message.event, parseFields(message.data));
}

/** The same, for an event whose data is already parsed (a frame relayed over the live socket). */
export function decodeSearchFields(name: string, fields: Fields | null): DecodedSearchEvent {
  if (!isSearchEventType(name)) return { outcome: 'unknown' };
  const event = fields && decodeFields(name, fields);
  return event ? { outcome: 'event', event } : { outcome: 'invalid' };
}
