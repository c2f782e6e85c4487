import { queryOptions } from '@tanstack/react-query';
import type { ModelStatsData } from '../../../contract/model-stats.ts';
import { apiCall } from './http-client.ts';

export type { ModelStatsData, ModelStatsEntry, WindowFigures } from '../../../contract/model-stats.ts';

/** `GET /api/models/stats`: counted at most once a minute on the server, so asked again no more often than that. */
export const modelStatsQuery = () =>
  queryOptions({
    queryKey: ['model-stats'] as const,
    queryFn: ({ signal }) => apiCall<ModelStatsData>('/api/models/stats', { signal }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
