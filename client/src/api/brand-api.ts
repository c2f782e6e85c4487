import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalyticsData, MentionRecord, MentionsData, RecentBrandsData, Sentiment, Surface } from '../../../contract/brand.ts';
import { apiCall } from './http-client.ts';

/** The window the Brand Mentions page looks back over unless the person picks another, in days. */
export const MENTIONS_WINDOW_DAYS = 30;
/** How many mention cards one page of the list shows. */
export const MENTIONS_PAGE_SIZE = 20;

/** The list's server-side filters; an empty text or `null` means "any". */
export interface MentionsFilters {
  brandName: string;
  model: string;
  sentiment: Sentiment | null;
  surface: Surface | null;
  days: number;
  search: string;
}

export const NO_MENTION_FILTERS: MentionsFilters = { brandName: '', model: '', sentiment: null, surface: null, days: MENTIONS_WINDOW_DAYS, search: '' };

/** The filters as the query string both the list and its CSV take (only the ones set). */
export function mentionsSearchParams(filters: MentionsFilters): URLSearchParams {
  const params = new URLSearchParams({ days: String(filters.days) });
  if (filters.brandName !== '') params.set('brandName', filters.brandName);
  if (filters.model !== '') params.set('model', filters.model);
  if (filters.sentiment) params.set('sentiment', filters.sentiment);
  if (filters.surface) params.set('surface', filters.surface);
  if (filters.search.trim() !== '') params.set('search', filters.search.trim());
  return params;
}

/** Where the CSV of every mention matching the filters downloads from (the session cookie signs the request). */
export const mentionsCsvUrl = (filters: MentionsFilters): string => `/api/brand-config/mentions.csv?${mentionsSearchParams(filters).toString()}`;

export const brandQueryKeys = {
  all: ['brand'] as const,
  mentions: (filters: MentionsFilters, page: number) => ['brand', 'mentions', filters, page] as const,
  analytics: ['brand', 'analytics'] as const,
  recent: (limit: number) => ['brand', 'recent', limit] as const,
};

export const brandMentionsQuery = (filters: MentionsFilters = NO_MENTION_FILTERS, page = 1) =>
  queryOptions({
    queryKey: brandQueryKeys.mentions(filters, page),
    queryFn: ({ signal }) => {
      const params = mentionsSearchParams(filters);
      params.set('page', String(page));
      params.set('pageSize', String(MENTIONS_PAGE_SIZE));
      return apiCall<MentionsData>(`/api/brand-config/mentions?${params.toString()}`, { signal });
    },
    // A new filter or page keeps the last list on screen until its own arrives, so the page does not jump.
    placeholderData: keepPreviousData,
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

/** A person's verdict on one mention ("Wrong?"); the analyser's own verdict takes the correction back. */
export const correctMentionVerdict = (mentionId: string, sentiment: Sentiment) =>
  apiCall<{ mention: MentionRecord }>(`/api/brand-config/mentions/${encodeURIComponent(mentionId)}/correction`, { method: 'POST', body: { sentiment } });
