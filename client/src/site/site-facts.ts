import { useQuery } from '@tanstack/react-query';
import { fetchSiteFacts, type SiteFacts } from '../api/site-api.ts';
import { SITE } from './site-info.ts';

const SITE_FACTS_KEY = ['site'] as const;

/**
 * What the pages print until the server has answered (or if it cannot): the addresses a deploy gets when it sets
 * none, no analytics (so nothing is tracked on a guess) and no social links.
 */
export const FALLBACK_SITE_FACTS: SiteFacts = {
  supportEmail: SITE.fallbackSupportEmail,
  legalEmail: SITE.fallbackLegalEmail,
  analyticsMeasurementId: null,
  socialLinks: [],
};

/** This deploy's addresses and analytics id, asked for once per visit and shared by the footer, legal pages and consent. */
export function useSiteFacts(): SiteFacts {
  const query = useQuery({ queryKey: SITE_FACTS_KEY, queryFn: ({ signal }) => fetchSiteFacts(signal), staleTime: Infinity });
  return query.data ?? FALLBACK_SITE_FACTS;
}
