import { hasStrings, isCount, isFields, type Fields } from './event-fields.ts';

/**
 * The browser's side of the `/api/compare/stream` wire contract (spec sections 3 and 4). The same event names and
 * data also arrive over the live socket when a comparison is resumed after a reload, so decoding works on already
 * parsed fields and serves both.
 */

export interface ModelPair {
  engine: string;
  model: string;
}

/** Spec section 3's compare request. */
export interface CompareRequest {
  /** Trimmed, at most 500 characters. */
  query: string;
  models: ModelPair[];
  searchEnabled: boolean;
  aiOverviewParams?: { gl: string; hl: string } | null;
  brandMonitoringEnabled: boolean;
  brandConfig?: { brandName: string; websiteUrl?: string; keywords: string[] } | null;
}

export interface SourceLink {
  url: string;
  title: string | null;
}

/** Spec section 3's comparison result, with the per-answer facts the server adds. */
export interface ComparisonResult extends ModelPair {
  runId: string | null;
  success: boolean;
  response: string | null;
  error: string | null;
  errorCode: string | null;
  /** Unknown (null) for results read from storage, which keep no retry advice. */
  retryable: boolean | null;
  creditsUsed: number;
  timeToFirstTokenMs: number | null;
  durationMs: number | null;
  sources: SourceLink[];
}

interface ModelEventBase extends ModelPair {
  requestId: string;
  runId: string;
}

export type CompareStreamEvent =
  | (ModelEventBase & { type: 'model_start' })
  | (ModelEventBase & { type: 'model_chunk'; content: string })
  | (ModelEventBase & { type: 'model_sources'; sources: SourceLink[] })
  | (ModelEventBase & { type: 'model_complete'; result: ComparisonResult })
  | { type: 'all_complete'; requestId: string; totalCreditsUsed: number; results: ComparisonResult[] }
  | { type: 'error'; message: string; code: string; retryable: boolean };

export type CompareEventType = CompareStreamEvent['type'];

export type DecodedCompareEvent =
  | { outcome: 'event'; event: CompareStreamEvent }
  /** An event name this client does not know; skipping it lets the server add events without breaking us. */
  | { outcome: 'unknown' }
  /** A known event whose data does not match the contract. */
  | { outcome: 'invalid' };

const COMPARE_EVENT_TYPES: ReadonlySet<string> = new Set<CompareEventType>([
  'model_start',
  'model_chunk',
  'model_sources',
  'model_complete',
  'all_complete',
  'error',
]);

function isCompareEventType(name: string): name is CompareEventType {
  return COMPARE_EVENT_TYPES.has(name);
}

const optionalCount = (value: unknown): number | null => (isCount(value) ? value : null);

/** Spec section 3: a response is text, or an object shown as formatted JSON. */
function responseText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
  return null;
}
const optionalString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function decodeSources(value: unknown): SourceLink[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    isFields(entry) && typeof entry['url'] === 'string' ? [{ url: entry['url'], title: optionalString(entry['title']) }] : [],
  );
}

/** A result as `model_complete` and `all_complete` carry it; null when a field the page relies on is missing. */
export function decodeComparisonResult(value: unknown): ComparisonResult | null {
  if (!isFields(value) || !hasStrings(value, ['engine', 'model'])) return null;
  const { success, creditsUsed } = value;
  if (typeof success !== 'boolean' || !isCount(creditsUsed)) return null;
  return {
    engine: value['engine'] as string,
    model: value['model'] as string,
    runId: optionalString(value['runId']),
    success,
    response: responseText(value['response']),
    error: optionalString(value['error']),
    errorCode: optionalString(value['errorCode']),
    retryable: typeof value['retryable'] === 'boolean' ? value['retryable'] : null,
    creditsUsed,
    timeToFirstTokenMs: optionalCount(value['timeToFirstTokenMs']),
    durationMs: optionalCount(value['durationMs']),
    sources: decodeSources(value['sources']),
  };
}

function decodeFields(type: CompareEventType, fields: Fields): CompareStreamEvent | null {
  if (type === 'error') {
    const { message, code, retryable } = fields;
    if (typeof message !== 'string') return null;
    return { type, message, code: typeof code === 'string' ? code : '', retryable: retryable === true };
  }
  if (type === 'all_complete') {
    const { requestId, totalCreditsUsed, results } = fields;
    if (typeof requestId !== 'string' || !isCount(totalCreditsUsed) || !Array.isArray(results)) return null;
    const decoded = results.map(decodeComparisonResult);
    if (decoded.some((result) => result === null)) return null;
    return { type, requestId, totalCreditsUsed, results: decoded as ComparisonResult[] };
  }

  if (!hasStrings(fields, ['requestId', 'runId', 'engine', 'model'])) return null;
  const base: ModelEventBase = {
    requestId: fields['requestId'] as string,
    runId: fields['runId'] as string,
    engine: fields['engine'] as string,
    model: fields['model'] as string,
  };
  switch (type) {
    case 'model_start':
      return { ...base, type };
    case 'model_chunk':
      return typeof fields['content'] === 'string' ? { ...base, type, content: fields['content'] } : null;
    case 'model_sources':
      return { ...base, type, sources: decodeSources(fields['sources']) };
    case 'model_complete': {
      // The result names its model too; the event's own names are the ones the columns were matched by.
      const raw = fields['result'];
      const result = decodeComparisonResult(isFields(raw) ? { ...raw, ...base } : null);
      return result ? { ...base, type, result } : null;
    }
  }
}

/** Decodes one event by name, from SSE (after JSON parsing) or from a live-socket frame. */
export function decodeCompareEvent(name: string, fields: Fields | null): DecodedCompareEvent {
  if (!isCompareEventType(name)) return { outcome: 'unknown' };
  const event = fields && decodeFields(name, fields);
  return event ? { outcome: 'event', event } : { outcome: 'invalid' };
}
