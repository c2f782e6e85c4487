import { queryOptions } from '@tanstack/react-query';
import type { TrackingRetrievalData } from '../../../contract/tracking-retrieval.ts';
import { apiCall } from './http-client.ts';

/** A set's retrieval figures over the last `days` days; under the tracking keys, so a new run refreshes them. */
export const trackingRetrievalQuery = (setId: string, days = 30) =>
  queryOptions({
    queryKey: ['tracking', 'retrieval', setId, days] as const,
    queryFn: ({ signal }) => apiCall<TrackingRetrievalData>(`/api/tracking/sets/${setId}/retrieval?days=${days}`, { signal }),
    staleTime: 0,
  });
