import type { HistoryConversation, HistoryRequest } from '../api/history-api.ts';
import type { BrandMention } from '../../../contract/brand.ts';
import type { ModelResult } from '../../../contract/model-result.ts';
import { isComparisonRequest } from './request-kind.ts';

/**
 * The history as the sidebar and its details modal see it: conversations started with identical parameters grouped
 * into one entry, and what each request's answer area shows, as pure functions.
 */

/**
 * Conversations whose first questions were asked with identical parameters (a question asked again starts a
 * conversation of its own). `requests` and the groups themselves are the most recently active first.
 */
export interface RequestGroup {
  key: string;
  engine: string;
  model: string;
  query: string;
  count: number;
  requests: HistoryConversation[];
  latestRequest: HistoryConversation;
}

/** What makes two conversations one group: their first question's query, engine, model, search flag and brand (its name). */
export function groupKeyOf(request: HistoryRequest): string {
  // JSON of a tuple: no separator inside a query can make two different parameter sets collide.
  return JSON.stringify([request.query, request.engine, request.model, request.searchEnabled, request.brandConfig?.brandName ?? null]);
}

const activeAtOf = (conversation: HistoryConversation) => new Date(conversation.lastActivityAt).getTime();

/** Groups conversations by their first question's parameters; groups ordered by their latest activity, newest first. */
export function groupRequests(conversations: readonly HistoryConversation[]): RequestGroup[] {
  // Most recently active first whatever order the server sent; the sort is stable, so ties keep the server's order.
  const newestFirst = [...conversations].sort((a, b) => activeAtOf(b) - activeAtOf(a));
  const groups = new Map<string, RequestGroup>();
  for (const conversation of newestFirst) {
    const key = groupKeyOf(conversation);
    const group = groups.get(key);
    if (group) {
      group.requests.push(conversation);
      group.count += 1;
    } else {
      const { engine, model, query } = conversation;
      groups.set(key, { key, engine, model, query, count: 1, requests: [conversation], latestRequest: conversation });
    }
  }
  // A Map iterates in insertion order, which is the order of each group's most recently active conversation.
  return [...groups.values()];
}

/** Credits the whole group cost, every turn of every conversation: what the sidebar shows as its total. */
export function groupCredits(group: RequestGroup): number {
  return group.requests.reduce((sum, conversation) => sum + conversation.totalCredits, 0);
}

/** The turn a conversation goes on from: its newest question (itself when it was never followed up). */
export const lastTurnOf = (conversation: HistoryConversation): HistoryRequest => conversation.turns.at(-1) ?? conversation;

export type StatusColour = 'green' | 'red' | 'gray';

/** The sidebar's dot: completed green, error red, anything else (stopped, still running) neutral grey. */
export function statusColour(status: string): StatusColour {
  if (status === 'completed') return 'green';
  if (status === 'error') return 'red';
  return 'gray';
}

/**
 * The details modal's tab dot: green only for a completed request, whose full answer the tab shows; grey for one
 * that was stopped (a stop is not a failure); red otherwise, a request still running included.
 */
export function outcomeColour(status: string): StatusColour {
  if (status === 'completed') return 'green';
  if (status === 'stopped') return 'gray';
  return 'red';
}

/** A status as the details say it. */
export function statusText(status: string): string {
  const words: Record<string, string> = { completed: 'Completed', error: 'Error', stopped: 'Stopped', pending: 'Answering' };
  return words[status] ?? status;
}

/** One model's outcome within a request, as the details modal shows it. */
export interface ComparisonResult {
  engine: string;
  model: string;
  success: boolean;
  /** The answer as markdown; null when the model failed. */
  response: string | null;
  error: string | null;
  /** `CANCELLED` when the person stopped it. */
  errorCode: string | null;
  creditsUsed: number;
  brandMention: BrandMention | null;
  /** Every answer the model gave in the request, oldest first (just this one unless it was regenerated). */
  versions: ComparisonResult[];
}

/** One answer as the details modal reads it. */
function comparisonResultOf(result: ModelResult): ComparisonResult {
  return {
    engine: result.engine,
    model: result.model,
    success: result.success,
    response: result.response,
    // An empty message says nothing: the view falls back to its own words.
    error: result.error === '' ? null : result.error,
    errorCode: result.errorCode,
    creditsUsed: result.creditsUsed,
    brandMention: result.brandMention,
    versions: [],
  };
}

/** The code of a run the person stopped. */
export const STOPPED_CODE = 'CANCELLED';

/** Each model's outcome with every version it gave, as the history sends them in `results`. */
export function requestResults(request: Pick<HistoryRequest, 'results'>): ComparisonResult[] {
  return request.results.map((result) => {
    const standing = comparisonResultOf(result);
    const versions = result.versions.map(comparisonResultOf);
    return { ...standing, versions: versions.length > 0 ? versions : [standing] };
  });
}

/** The comparison result texts, in one place. */
export const RESULT_TEXTS = {
  modelFailed: 'Error: Model request failed',
  predatesLogging:
    'This comparison ran before full answers were kept, so this model’s answer was not saved. Run the comparison again to see it.',
  noComparisonResults: 'No comparison results available',
  noResponseData: 'Response data not available',
  noResponseContent: 'No response content available',
  stopped: 'Stopped before it answered.',
} as const;

/** What an answer area shows: rendered markdown, an error, a stop (not an error), or a plain note. */
export type AnswerView =
  | { kind: 'markdown'; markdown: string }
  | { kind: 'error'; message: string }
  | { kind: 'stopped'; text: string }
  | { kind: 'note'; text: string };

export interface ComparisonResultView {
  /** "engine - model" by their ids; the modal shows the catalogue's names for `pair` instead, when it has them. */
  label: string;
  pair: { engine: string; model: string };
  creditsUsed: number;
  answer: AnswerView;
  stopped: boolean;
  brandMention: BrandMention | null;
  /** Each version's own view, oldest first; the last that answered is the one shown first. */
  versions: ComparisonResultView[];
  /** Which of `versions` the model stands by (shown first). */
  standing: number;
}

export type RequestAnswerView = AnswerView | { kind: 'comparison'; results: ComparisonResultView[] };

const errorText = (message: string | null) => (message ? `Error: ${message}` : RESULT_TEXTS.modelFailed);

/** One answer's view: its text, its error, a stop, or the note for answers that were never stored. */
function answerViewOf(result: ComparisonResult): AnswerView {
  if (result.errorCode === STOPPED_CODE) return { kind: 'stopped', text: RESULT_TEXTS.stopped };
  if (!result.success) return { kind: 'error', message: errorText(result.error) };
  // An answer that was never stored comes back empty.
  return result.response ? { kind: 'markdown', markdown: result.response } : { kind: 'note', text: RESULT_TEXTS.predatesLogging };
}

function versionView(result: ComparisonResult, label: string): ComparisonResultView {
  const stopped = result.errorCode === STOPPED_CODE;
  return {
    label,
    pair: { engine: result.engine, model: result.model },
    creditsUsed: result.creditsUsed,
    answer: answerViewOf(result),
    stopped,
    brandMention: result.success ? result.brandMention : null,
    versions: [],
    standing: 0,
  };
}

/** One model's part of a request: its standing answer, with every version it gave to flip through. */
export function comparisonResultView(result: ComparisonResult): ComparisonResultView {
  const label = `${result.engine} - ${result.model}`;
  const versions = (result.versions.length > 0 ? result.versions : [result]).map((version) => versionView(version, label));
  const answered = versions.findLastIndex((version) => version.answer.kind === 'markdown');
  return { ...versionView(result, label), versions, standing: answered >= 0 ? answered : versions.length - 1 };
}

/** What the details modal shows as a request's answer. */
export function requestAnswerView(request: HistoryRequest): RequestAnswerView {
  const failed = request.status === 'error';
  if (isComparisonRequest(request)) {
    const results = requestResults(request);
    if (results.length > 0) return { kind: 'comparison', results: results.map(comparisonResultView) };
    // With no per-model outcome to show, a failed comparison's own error is the most useful thing to say.
    if (failed) return { kind: 'error', message: errorText(request.errorMessage) };
    return { kind: 'note', text: RESULT_TEXTS.noComparisonResults };
  }
  if (request.status === 'stopped') return { kind: 'stopped', text: RESULT_TEXTS.stopped };
  if (failed) return { kind: 'error', message: errorText(request.errorMessage) };
  if (request.response) return { kind: 'markdown', markdown: request.response };
  return { kind: 'note', text: request.status === 'completed' ? RESULT_TEXTS.noResponseContent : RESULT_TEXTS.noResponseData };
}

/** A request id is shown as its first 8 characters. */
export const shortRequestId = (id: string) => id.slice(0, 8);
