import type { HistoryRequest, RequestKind } from '../api/history-api.ts';

/**
 * How comparisons were marked before the history said `kind`: by a pseudo-engine. An arena round (engine `arena`)
 * is shown as the comparison it is, blind until its vote as the server sends it.
 */
const COMPARISON_ENGINES: ReadonlySet<string> = new Set(['comparison', 'comparison_stream', 'arena']);

/**
 * Whether a past request was one model or a comparison. The history says so in `kind`; a server that predates it
 * is still read by the engine it recorded, so the page works against either.
 */
export function requestKind(request: Pick<HistoryRequest, 'kind' | 'engine'>): RequestKind {
  if (request.kind === 'single' || request.kind === 'comparison') return request.kind;
  return COMPARISON_ENGINES.has(request.engine) ? 'comparison' : 'single';
}

export const isComparisonRequest = (request: Pick<HistoryRequest, 'kind' | 'engine'>): boolean => requestKind(request) === 'comparison';
