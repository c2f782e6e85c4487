import type { HistoryRequest } from '../api/history-api.ts';

/**
 * Whether a past request is shown (and run again) as a comparison. The history says what it was in `kind`; an
 * arena round is a comparison too, blind until its vote as the server sends it.
 */
export const isComparisonRequest = (request: Pick<HistoryRequest, 'kind'>): boolean => request.kind !== 'single';
