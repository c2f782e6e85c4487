/**
 * The simulator's stand-in for SerpApi's `ai_overview.page_token`. Real tokens are opaque and short-lived; this one
 * carries the search it belongs to (query, country, language), so the follow-up request can rebuild the same
 * overview without the simulator remembering anything.
 */
export interface PageTokenSearch {
  q: string;
  gl: string;
  hl: string;
}

export function encodePageToken(search: PageTokenSearch): string {
  return Buffer.from(JSON.stringify({ q: search.q, gl: search.gl, hl: search.hl }), 'utf8').toString('base64url');
}

export function decodePageToken(token: string): PageTokenSearch | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { q, gl, hl } = value as Record<string, unknown>;
    if (typeof q !== 'string' || typeof gl !== 'string' || typeof hl !== 'string') return undefined;
    return { q, gl, hl };
  } catch {
    return undefined;
  }
}
