import { queryOptions } from '@tanstack/react-query';
import type { ReanalysisBody, ReanalysisPreviewData, ReanalysisStartedData } from '../../../contract/tracking-reanalysis.ts';
import { apiCall } from './http-client.ts';

/** Re-analysing a tracked set's history: what it would read and cost, then starting it. */

export const reanalysisPreviewQuery = (setId: string) =>
  queryOptions({
    queryKey: ['tracking', 'reanalysis', setId] as const,
    queryFn: ({ signal }) => apiCall<ReanalysisPreviewData>(`/api/tracking/sets/${setId}/reanalyse`, { signal }),
    // Asked afresh each time the dialog opens: the figures confirmed must be the ones shown.
    staleTime: 0,
  });

export const startReanalysis = (setId: string, body: ReanalysisBody) =>
  apiCall<ReanalysisStartedData>(`/api/tracking/sets/${setId}/reanalyse`, { method: 'POST', body });
