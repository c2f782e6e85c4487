import { queryOptions } from '@tanstack/react-query';
import type { FactCheckDashboardData } from '../../../contract/brand-facts.ts';
import type { TrackingSurface } from '../../../contract/tracking.ts';
import { apiCall } from './http-client.ts';

/** A set's fact-checks against its brand's fact sheet, on one surface; under the tracking keys, so a run refreshes it. */
export const trackingFactChecksQuery = (setId: string, surface?: TrackingSurface) =>
  queryOptions({
    queryKey: ['tracking', 'fact-checks', setId, ...(surface ? [surface] : [])] as const,
    queryFn: ({ signal }) => apiCall<FactCheckDashboardData>(`/api/tracking/sets/${setId}/fact-checks${surface ? `?surface=${surface}` : ''}`, { signal }),
    staleTime: 0,
  });
