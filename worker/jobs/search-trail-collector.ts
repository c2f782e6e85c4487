import type { SearchedSource } from '../providers/answer-provider.ts';
import { SEARCH_TRAIL_LIMITS } from '../../contract/search-trail.ts';

/**
 * Gathers an answer's search trail from the `search-trail` parts its provider yields (a stream may name the same
 * queries and pages several times, each time with more known): each query once in the order first run, each page
 * once with `retrieved` and `cited` set if any part said so. Bounded, so a runaway search cannot bloat the answer's
 * row. Empty when the provider reported no search.
 */
export class SearchTrailCollector {
  private readonly queries: string[] = [];
  private readonly sources = new Map<string, SearchedSource>();

  add(queries: readonly string[], sources: readonly SearchedSource[]): void {
    for (const query of queries) {
      const text = query.slice(0, SEARCH_TRAIL_LIMITS.query);
      if (this.queries.length < SEARCH_TRAIL_LIMITS.queries && !this.queries.includes(text)) this.queries.push(text);
    }
    for (const source of sources) {
      const known = this.sources.get(source.url);
      if (known) {
        known.retrieved ||= source.retrieved;
        known.cited ||= source.cited;
        known.title ??= source.title;
        known.label ??= source.label ?? null;
      } else if (this.sources.size < SEARCH_TRAIL_LIMITS.sources) {
        this.sources.set(source.url, { ...source, title: source.title?.slice(0, SEARCH_TRAIL_LIMITS.title) ?? null });
      }
    }
  }

  get empty(): boolean {
    return this.queries.length === 0 && this.sources.size === 0;
  }

  collected(): { queries: string[]; sources: SearchedSource[] } {
    return { queries: [...this.queries], sources: [...this.sources.values()].map((source) => ({ ...source })) };
  }
}
