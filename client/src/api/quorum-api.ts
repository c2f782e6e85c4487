import { fetchHealth } from './health.ts';
import { streamSearch } from './search-stream.ts';

/**
 * Everything the pages ask of the server, handed to them through the router context rather than imported, so a
 * test harness or a storybook can swap in a fake server without touching the pages.
 */
export interface QuorumApi {
  streamSearch: typeof streamSearch;
  fetchHealth: typeof fetchHealth;
}

export const quorumApi: QuorumApi = { streamSearch, fetchHealth };
