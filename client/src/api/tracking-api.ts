import { queryOptions } from '@tanstack/react-query';
import type {
  CostPreview,
  TrackingCadence,
  TrackingDashboard,
  TrackingResult,
  TrackingRun,
  TrackingSet,
  TrackingSetBody,
  TrackingSetUpdate,
} from '../../../contract/tracking.ts';
import { apiCall } from './http-client.ts';

/** GEO tracking's calls: prompt sets, their cost, the dashboard's series, runs and the answers of one run. */

export const trackingQueryKeys = {
  all: ['tracking'] as const,
  sets: ['tracking', 'sets'] as const,
  dashboard: (setId: string) => ['tracking', 'dashboard', setId] as const,
  runs: (setId: string) => ['tracking', 'runs', setId] as const,
  runResults: (setId: string, runId: string) => ['tracking', 'results', setId, runId] as const,
  cost: (prompts: number, models: string, cadence: TrackingCadence) => ['tracking', 'cost', prompts, models, cadence] as const,
};

export const trackingSetsQuery = () =>
  queryOptions({
    queryKey: trackingQueryKeys.sets,
    queryFn: ({ signal }) => apiCall<{ sets: TrackingSet[] }>('/api/tracking/sets', { signal }),
  });

export const trackingDashboardQuery = (setId: string) =>
  queryOptions({
    queryKey: trackingQueryKeys.dashboard(setId),
    queryFn: ({ signal }) => apiCall<{ dashboard: TrackingDashboard }>(`/api/tracking/sets/${setId}/dashboard`, { signal }),
    // Every run changes it: asked again whenever the dashboard is shown.
    staleTime: 0,
  });

export const trackingRunsQuery = (setId: string) =>
  queryOptions({
    queryKey: trackingQueryKeys.runs(setId),
    queryFn: ({ signal }) => apiCall<{ runs: TrackingRun[] }>(`/api/tracking/sets/${setId}/runs`, { signal }),
    staleTime: 0,
  });

export const runResultsQuery = (setId: string, runId: string) =>
  queryOptions({
    queryKey: trackingQueryKeys.runResults(setId, runId),
    queryFn: ({ signal }) => apiCall<{ results: TrackingResult[] }>(`/api/tracking/sets/${setId}/results?runId=${runId}&limit=1000`, { signal }),
  });

export const costPreviewQuery = (prompts: number, models: { engine: string; model: string }[], cadence: TrackingCadence) =>
  queryOptions({
    queryKey: trackingQueryKeys.cost(prompts, models.map((choice) => `${choice.engine}/${choice.model}`).join(','), cadence),
    queryFn: ({ signal }) => apiCall<CostPreview>('/api/tracking/cost-preview', { method: 'POST', body: { prompts, models, cadence }, signal }),
  });

export const createTrackingSet = (body: TrackingSetBody) => apiCall<{ set: TrackingSet }>('/api/tracking/sets', { method: 'POST', body });

export const updateTrackingSet = (setId: string, body: TrackingSetUpdate) =>
  apiCall<{ set: TrackingSet }>(`/api/tracking/sets/${setId}`, { method: 'PATCH', body });

export const deleteTrackingSet = (setId: string) => apiCall<{ deleted: boolean }>(`/api/tracking/sets/${setId}`, { method: 'DELETE' });

/** The CSV is a download the browser makes itself (same-origin, with the session cookie). */
export const trackingCsvUrl = (setId: string) => `/api/tracking/sets/${setId}/results.csv`;
