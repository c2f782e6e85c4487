/**
 * What identifies the AI Overview's "model" in a SerpApi response. Google names no model behind its overviews, and
 * SerpApi's `search_metadata` carries no version either; what the search does report is where Google served it,
 * `search_parameters.google_domain` and `device` (`google.com/desktop`). That is the version recorded: a change in
 * it changes which overview is read, and tracking marks it like a model change. Null when neither is present.
 */
export function aiOverviewVersion(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const parameters = (body as Record<string, unknown>)['search_parameters'];
  if (typeof parameters !== 'object' || parameters === null) return null;
  const { google_domain: domain, device } = parameters as Record<string, unknown>;
  const parts = [domain, device].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length > 0 ? parts.join('/') : null;
}
