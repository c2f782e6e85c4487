import { randomBytes } from 'node:crypto';
import type { SimulatedAiOverview, SimulatedReference } from './simulated-ai-overview.ts';

/**
 * The JSON bodies SerpApi's Google Search API (`engine=google`) and Google AI Overview API
 * (`engine=google_ai_overview`) answer with: `search_metadata`, `search_parameters`, and the results.
 */

export interface SearchIdentity {
  id: string;
  /** SerpApi's archive path segment before the id. */
  archiveKey: string;
  createdAt: Date;
}

export function createSearchIdentity(): SearchIdentity {
  return { id: randomBytes(12).toString('hex'), archiveKey: randomBytes(8).toString('hex'), createdAt: new Date() };
}

/** SerpApi's timestamp format: `2025-01-31 12:09:22 UTC`. */
function serpApiTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export interface GoogleSearch {
  q: string;
  gl: string;
  hl: string;
}

function googleUrl(search: GoogleSearch): string {
  const query = new URLSearchParams({ q: search.q, oq: search.q, hl: search.hl, gl: search.gl, sourceid: 'chrome', ie: 'UTF-8' });
  return `https://www.google.com/search?${query.toString()}`;
}

/**
 * `origin` is the simulator's own address (`http://host:port/serpapi`): SerpApi's links point at itself, so the
 * simulator's point at the simulator.
 */
export function searchMetadata(
  identity: SearchIdentity,
  origin: string,
  totalTimeTakenMs: number,
  search?: GoogleSearch,
): Record<string, unknown> {
  const archive = `${origin}/searches/${identity.archiveKey}/${identity.id}`;
  return {
    id: identity.id,
    status: 'Success',
    json_endpoint: `${archive}.json`,
    created_at: serpApiTime(identity.createdAt),
    processed_at: serpApiTime(identity.createdAt),
    ...(search ? { google_url: googleUrl(search) } : {}),
    raw_html_file: `${archive}.html`,
    total_time_taken: Math.round(totalTimeTakenMs / 10) / 100,
  };
}

export function googleSearchParameters(search: GoogleSearch): Record<string, unknown> {
  return { engine: 'google', q: search.q, google_domain: 'google.com', hl: search.hl, gl: search.gl, device: 'desktop' };
}

export function searchInformation(search: GoogleSearch, empty: boolean): Record<string, unknown> {
  return empty
    ? { query_displayed: search.q, organic_results_state: 'Fully empty' }
    : {
        query_displayed: search.q,
        total_results: 1_000_000 + (search.q.length * 7_919) % 90_000_000,
        time_taken_displayed: 0.42,
        organic_results_state: 'Results for exact spelling',
      };
}

export function organicResults(references: readonly SimulatedReference[]): Record<string, unknown>[] {
  return references.map((reference, index) => {
    const link = new URL(reference.link);
    return {
      position: index + 1,
      title: reference.title,
      link: reference.link,
      displayed_link: `${link.origin} › ${link.pathname.split('/').filter(Boolean).join(' › ')}`,
      snippet: reference.snippet,
      source: reference.source,
    };
  });
}

/** What `ai_overview` holds when Google lazy-loads the overview: only the token to fetch it with. */
export function deferredAiOverview(origin: string, pageToken: string): Record<string, unknown> {
  const link = new URLSearchParams({ engine: 'google_ai_overview', page_token: pageToken });
  return { page_token: pageToken, serpapi_link: `${origin}/search.json?${link.toString()}` };
}

export function aiOverviewBody(overview: SimulatedAiOverview): Record<string, unknown> {
  return { text_blocks: overview.text_blocks, references: overview.references };
}
