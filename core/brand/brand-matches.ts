/**
 * Finding a brand's names in an answer: whole words only, whatever their case and script. "Go" is not in "good",
 * "Café" is in "café", "Acme Cloud" is in "ACME  cloud". A website counts through its domain ("acme.com" in
 * "https://www.acme.com/pricing"). Offsets are string indices into the answer, as the browser slices it.
 */

/** Where one term was found: `text.slice(start, end)`. */
export interface TermMatch {
  start: number;
  end: number;
}

const LETTER_OR_DIGIT = '[\\p{L}\\p{N}]';

/** Escapes the pattern syntax characters: the only escapes a `u` pattern accepts outside a class. */
function escapeForPattern(term: string): string {
  return term.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * A case-insensitive, Unicode-aware pattern for `term` on word boundaries. `\b` only knows ASCII letters, so the
 * boundaries are lookarounds on any letter or digit. The term's words may be joined by spaces, a hyphen or
 * nothing ("Acme Cloud", "Acme-Cloud", "AcmeCloud"), and the last one may take a plural ("Acmes"); a possessive
 * ("Acme's") needs nothing, as an apostrophe is a boundary.
 */
export function termPattern(term: string): RegExp {
  const words = term.trim().split(/[\s\-‐‑]+/u).filter(Boolean).map(escapeForPattern);
  // A plural only for names of three letters or more: "Gos" is not the brand "Go".
  const plural = (words.at(-1)?.length ?? 0) >= 3 ? '(?:e?s)?' : '';
  return new RegExp(`(?<!${LETTER_OR_DIGIT})${words.join('[\\s\\-‐‑]*')}${plural}(?!${LETTER_OR_DIGIT})`, 'giu');
}

/** Patterns already built, by kind and term: each answer is searched for the same brand and competitors. */
const patterns = new Map<string, RegExp>();
const MAX_REMEMBERED_PATTERNS = 1_000;

function rememberedPattern(key: string, build: () => RegExp): RegExp {
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    if (patterns.size >= MAX_REMEMBERED_PATTERNS) patterns.clear();
    pattern = build();
    patterns.set(key, pattern);
  }
  return pattern;
}

export function findTermMatches(text: string, term: string): TermMatch[] {
  if (term.trim() === '') return [];
  return allMatches(rememberedPattern(`term:${term}`, () => termPattern(term)), text);
}

/** What `matchAll` finds with a global Unicode pattern, without copying the pattern for every search. */
function allMatches(pattern: RegExp, text: string): TermMatch[] {
  const matches: TermMatch[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    matches.push({ start: match.index, end: match.index + match[0].length });
    // An empty match (a blank domain) would be found again at the same place: step over one code point.
    if (match[0] === '') pattern.lastIndex += (text.codePointAt(pattern.lastIndex) ?? 0) > 0xffff ? 2 : 1;
  }
  return matches;
}

/**
 * The domain of a website as people write it: the host without `www.`, lower-cased. Accepts a bare host
 * ("acme.com/pricing") as well as a URL. Undefined when there is no host with a dot in it.
 */
export function websiteDomain(websiteUrl: string | null | undefined): string | undefined {
  const written = websiteUrl?.trim();
  if (!written) return undefined;
  const host = hostOf(/^[a-z][a-z\d+.-]*:\/\//i.test(written) ? written : `https://${written}`);
  return host?.includes('.') ? host : undefined;
}

/** Hosts already parsed: the same brand website and cited domains come back answer after answer. */
const hostsByUrl = new Map<string, string | undefined>();
const MAX_REMEMBERED_HOSTS = 1_000;

/** The host of a URL, lower-cased, without `www.`; undefined when it does not parse. */
export function hostOf(url: string): string | undefined {
  if (hostsByUrl.has(url)) return hostsByUrl.get(url);
  if (hostsByUrl.size >= MAX_REMEMBERED_HOSTS) hostsByUrl.clear();
  const host = parsedHost(url);
  hostsByUrl.set(url, host);
  return host;
}

function parsedHost(url: string): string | undefined {
  try {
    const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    return host.replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a domain appears in text, bare or inside a link. A subdomain counts ("docs.acme.com" holds "acme.com"), a
 * longer name does not ("notacme.com", "acme.com.evil.net").
 */
export function findDomainMatches(text: string, domain: string): TermMatch[] {
  const pattern = rememberedPattern(`domain:${domain}`, () => new RegExp(`(?<![\\p{L}\\p{N}-])${escapeForPattern(domain)}(?![\\p{L}\\p{N}-]|\\.${LETTER_OR_DIGIT})`, 'giu'));
  return allMatches(pattern, text);
}

/**
 * Matches of several terms as one list: by position, and a match that starts inside an earlier one is the same
 * mention (the brand "Acme" inside the keyword "Acme Cloud"), so it is dropped.
 */
export function mergeMatches(matches: readonly TermMatch[]): TermMatch[] {
  const sorted = [...matches].sort((left, right) => left.start - right.start || right.end - left.end);
  const merged: TermMatch[] = [];
  for (const match of sorted) {
    const last = merged.at(-1);
    if (last && match.start < last.end) continue;
    merged.push(match);
  }
  return merged;
}
