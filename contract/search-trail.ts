import * as Type from 'typebox/type';

/**
 * What a model searched and read for one answer: the search queries it ran and every page its search handed it,
 * each marked retrieved (the search returned it to the model) and cited (the answer's text points to it). Only
 * answers with web search (and the AI Overview) have one; a plain model's answer has none.
 */

/** How a source's address was found: as the provider gave it, followed through the provider's redirect, or not. */
export const SOURCE_RESOLUTIONS = ['direct', 'resolved', 'unresolved'] as const;
export const SourceResolution = Type.Union([Type.Literal('direct'), Type.Literal('resolved'), Type.Literal('unresolved')]);

export const SearchTrailSource = Type.Object({
  /** The page's address: the real page when a redirect was followed, else the provider's link. */
  url: Type.String(),
  title: Type.Union([Type.String(), Type.Null()]),
  /** The site's host (`docs.example.com`): from `url`, or from the provider's own label when a redirect was not followed. */
  host: Type.Union([Type.String(), Type.Null()]),
  /** The search handed this page to the model. */
  retrieved: Type.Boolean(),
  /** The answer's text cites this page. */
  cited: Type.Boolean(),
  resolution: SourceResolution,
  /** The provider's redirect link, when it gave one (Gemini's grounding links); null otherwise. */
  redirectUrl: Type.Union([Type.String(), Type.Null()]),
  /** Why a redirect was not followed (`timeout`, `HTTP 404`, …); null when it was, or there was none. */
  resolutionError: Type.Union([Type.String(), Type.Null()]),
});

export const SearchTrail = Type.Object(
  {
    /** The search queries the model (or Google, for the AI Overview) ran, in order, each once. */
    queries: Type.Array(Type.String()),
    /** Cited pages first, then those only retrieved, each address once. */
    sources: Type.Array(SearchTrailSource),
  },
  { description: 'The searches the model ran for this answer and each page it retrieved and cited.' },
);

export type SourceResolution = Type.Static<typeof SourceResolution>;
export type SearchTrailSource = Type.Static<typeof SearchTrailSource>;
export type SearchTrail = Type.Static<typeof SearchTrail>;

/** Limits that keep one answer's record small: a runaway agent can run many searches. */
export const SEARCH_TRAIL_LIMITS = { queries: 50, query: 500, sources: 100, title: 500 } as const;
