import { queryOptions } from '@tanstack/react-query';
import type { AnalyticsData, MentionsData, RecentBrandsData } from '../../../contract/brand.ts';
import { apiCall } from './http-client.ts';

/** The window the Brand Mentions page looks back over, in days. */
export const MENTIONS_WINDOW_DAYS = 30;
/** The most mentions one page asks for (the server's ceiling). */
export const MENTIONS_PAGE_LIMIT = 100;

export const brandQueryKeys = {
  all: ['brand'] as const,
  mentions: (days: number, limit: number) => ['brand', 'mentions', days, limit] as const,
  analytics: ['brand', 'analytics'] as const,
  recent: (limit: number) => ['brand', 'recent', limit] as const,
};

export const brandMentionsQuery = (days = MENTIONS_WINDOW_DAYS, limit = MENTIONS_PAGE_LIMIT) =>
  queryOptions({
    queryKey: brandQueryKeys.mentions(days, limit),
    queryFn: ({ signal }) => apiCall<MentionsData>(`/api/brand-config/mentions?limit=${limit}&days=${days}`, { signal }),
  });

export const brandAnalyticsQuery = () =>
  queryOptions({
    queryKey: brandQueryKeys.analytics,
    queryFn: ({ signal }) => apiCall<AnalyticsData>('/api/brand-config/analytics', { signal }),
  });

export const recentBrandsQuery = (limit = 10) =>
  queryOptions({
    queryKey: brandQueryKeys.recent(limit),
    queryFn: ({ signal }) => apiCall<RecentBrandsData>(`/api/brand-config/recent?limit=${limit}`, { signal }),
  });
