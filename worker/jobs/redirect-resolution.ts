import { filterUrl } from '../../contract/safe-url.ts';
import type { SearchTrail, SearchTrailSource } from '../../contract/search-trail.ts';
import type { SearchedSource } from '../providers/answer-provider.ts';

/**
 * Turns the collected search trail into the stored one, following the provider's redirect links (Gemini's grounding
 * links all go through Google's redirect host, which says nothing of the real site) to the page they stand for.
 * Each redirect is asked once (GET without following it, its body never read: only the `Location` header matters),
 * all at once, within one time budget for the whole answer, so storing the answer waits at most that long. A link
 * that does not resolve in time, answers without a redirect or cannot be reached is kept as given, with the
 * provider's own label for its site and why it failed: the record says what is known and what is not.
 */
export const REDIRECT_BUDGET_MS = 3_000;

export async function resolvedSearchTrail(
  collected: { queries: string[]; sources: SearchedSource[] },
  options: { budgetMs?: number; signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<SearchTrail> {
  const deadline = AbortSignal.timeout(options.budgetMs ?? REDIRECT_BUDGET_MS);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const fetcher = options.fetch ?? fetch;
  const resolved = await Promise.all(collected.sources.map((source) => (source.redirect ? followRedirect(source, signal, deadline, fetcher) : direct(source))));

  // Two redirect links can stand for one page: it is kept once, with both flags.
  const byUrl = new Map<string, SearchTrailSource>();
  for (const source of resolved) {
    const known = byUrl.get(source.url);
    if (known) {
      known.retrieved ||= source.retrieved;
      known.cited ||= source.cited;
    } else {
      byUrl.set(source.url, source);
    }
  }
  const sources = [...byUrl.values()];
  return { queries: collected.queries, sources: [...sources.filter((source) => source.cited), ...sources.filter((source) => !source.cited)] };
}

function direct(source: SearchedSource): SearchTrailSource {
  return {
    url: source.url,
    title: source.title,
    host: hostOf(source.url),
    retrieved: source.retrieved || source.cited,
    cited: source.cited,
    resolution: 'direct',
    redirectUrl: null,
    resolutionError: null,
  };
}

async function followRedirect(source: SearchedSource, signal: AbortSignal, deadline: AbortSignal, fetcher: typeof fetch): Promise<SearchTrailSource> {
  const unresolved = (reason: string): SearchTrailSource => ({
    url: source.url,
    title: source.title,
    host: labelHost(source.label ?? source.title),
    retrieved: source.retrieved || source.cited,
    cited: source.cited,
    resolution: 'unresolved',
    redirectUrl: source.url,
    resolutionError: reason,
  });
  try {
    const response = await fetcher(source.url, { method: 'GET', redirect: 'manual', signal, headers: { accept: 'text/html' } });
    // The page behind the redirect is not ours to download.
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || !location) return unresolved(`HTTP ${response.status} without a redirect`);
    const target = filterUrl(new URL(location, source.url).toString());
    if (target === '' || !/^https?:/i.test(target)) return unresolved('redirect to an address that is not a web page');
    return {
      url: target,
      title: source.title,
      host: hostOf(target),
      retrieved: source.retrieved || source.cited,
      cited: source.cited,
      resolution: 'resolved',
      redirectUrl: source.url,
      resolutionError: null,
    };
  } catch (error) {
    if (deadline.aborted) return unresolved('timeout');
    if (signal.aborted) return unresolved('stopped');
    return unresolved(error instanceof Error && error.message ? `unreachable (${error.message.slice(0, 100)})` : 'unreachable');
  }
}

export function hostOf(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/** The provider's label as a host, when it is one (Gemini's titles are domains: `example.com`). */
function labelHost(label: string | null | undefined): string | null {
  const candidate = label?.trim().toLowerCase() ?? '';
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(candidate) ? candidate : null;
}
