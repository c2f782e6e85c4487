import { queryOptions } from '@tanstack/react-query';
import type {
  CostPreview,
  CostPreviewBody,
  TrackingCadence,
  TrackingDashboardData,
  TrackingResultsData,
  TrackingRunsData,
  TrackingSetBody,
  TrackingSetData,
  TrackingSetDeleted,
  TrackingSetsData,
  TrackingSetUpdate,
  TrackingSurface,
} from '../../../contract/tracking.ts';
import type { TrackingCanaryData } from '../../../contract/tracking-canary.ts';
import type { TrackingTablesData } from '../../../contract/tracking-tables.ts';
import { apiCall } from './http-client.ts';

/** GEO tracking's calls: prompt sets, their cost, the dashboard's series, runs and the answers of one run. */

export const trackingQueryKeys = {
  all: ['tracking'] as const,
  sets: ['tracking', 'sets'] as const,
  /** The surface comes last, so invalidating a set's dashboard or runs reaches every surface's. */
  dashboard: (setId: string, surface?: TrackingSurface) => ['tracking', 'dashboard', setId, ...(surface ? [surface] : [])] as const,
  runs: (setId: string, surface?: TrackingSurface) => ['tracking', 'runs', setId, ...(surface ? [surface] : [])] as const,
  runResults: (setId: string, runId: string) => ['tracking', 'results', setId, runId] as const,
  tables: (setId: string, days: number, surface?: TrackingSurface) => ['tracking', 'tables', setId, days, ...(surface ? [surface] : [])] as const,
  canary: (setId: string) => ['tracking', 'canary', setId] as const,
  cost: (prompts: number, models: string, cadence: TrackingCadence, samplesPerCell: number, canaryPrompts: number) =>
    ['tracking', 'cost', prompts, models, cadence, samplesPerCell, canaryPrompts] as const,
};

export const trackingSetsQuery = () =>
  queryOptions({
    queryKey: trackingQueryKeys.sets,
    queryFn: ({ signal }) => apiCall<TrackingSetsData>('/api/tracking/sets', { signal }),
  });

const surfaceQuery = (surface?: TrackingSurface) => (surface ? `?surface=${surface}` : '');

export const trackingDashboardQuery = (setId: string, surface?: TrackingSurface) =>
  queryOptions({
    queryKey: trackingQueryKeys.dashboard(setId, surface),
    queryFn: ({ signal }) => apiCall<TrackingDashboardData>(`/api/tracking/sets/${setId}/dashboard${surfaceQuery(surface)}`, { signal }),
    // Every run changes it: asked again whenever the dashboard is shown.
    staleTime: 0,
  });

export const trackingRunsQuery = (setId: string, surface?: TrackingSurface) =>
  queryOptions({
    queryKey: trackingQueryKeys.runs(setId, surface),
    queryFn: ({ signal }) => apiCall<TrackingRunsData>(`/api/tracking/sets/${setId}/runs${surfaceQuery(surface)}`, { signal }),
    staleTime: 0,
  });

/** The grid, cited domains with source opportunities, and share of voice per prompt over the last `days` days, on one surface. */
export const trackingTablesQuery = (setId: string, days: number, surface?: TrackingSurface) =>
  queryOptions({
    queryKey: trackingQueryKeys.tables(setId, days, surface),
    queryFn: ({ signal }) => apiCall<TrackingTablesData>(`/api/tracking/sets/${setId}/tables?days=${days}${surface ? `&surface=${surface}` : ''}`, { signal }),
    staleTime: 0,
  });

/** How steadily each model answers the set's canary prompts, run by run. */
export const trackingCanaryQuery = (setId: string) =>
  queryOptions({
    queryKey: trackingQueryKeys.canary(setId),
    queryFn: ({ signal }) => apiCall<TrackingCanaryData>(`/api/tracking/sets/${setId}/canary`, { signal }),
    staleTime: 0,
  });

export const runResultsQuery = (setId: string, runId: string) =>
  queryOptions({
    queryKey: trackingQueryKeys.runResults(setId, runId),
    queryFn: ({ signal }) => apiCall<TrackingResultsData>(`/api/tracking/sets/${setId}/results?runId=${runId}&limit=1000`, { signal }),
  });

export const costPreviewQuery = (prompts: number, models: CostPreviewBody['models'], cadence: TrackingCadence, samplesPerCell: number, canaryPrompts = 0) =>
  queryOptions({
    queryKey: trackingQueryKeys.cost(prompts, models.map((choice) => `${choice.engine}/${choice.model}`).join(','), cadence, samplesPerCell, canaryPrompts),
    queryFn: ({ signal }) =>
      apiCall<CostPreview>('/api/tracking/cost-preview', {
        method: 'POST',
        body: { prompts, models, cadence, samplesPerCell, canaryPrompts } satisfies CostPreviewBody,
        signal,
      }),
  });

export const createTrackingSet = (body: TrackingSetBody) => apiCall<TrackingSetData>('/api/tracking/sets', { method: 'POST', body });

export const updateTrackingSet = (setId: string, body: TrackingSetUpdate) =>
  apiCall<TrackingSetData>(`/api/tracking/sets/${setId}`, { method: 'PATCH', body });

export const deleteTrackingSet = (setId: string) => apiCall<TrackingSetDeleted>(`/api/tracking/sets/${setId}`, { method: 'DELETE' });

/** The CSV is a download the browser makes itself (same-origin, with the session cookie). */
export const trackingCsvUrl = (setId: string) => `/api/tracking/sets/${setId}/results.csv`;
