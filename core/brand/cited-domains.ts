import type { AnswerSource } from '../../contract/run-events.ts';
import { hostOf } from './brand-matches.ts';

/**
 * A markdown link (its target in group 1) or a bare URL (group 2), in the order they appear. A link is matched
 * from its `[`, so a URL written as its text is not counted a second time.
 */
const LINK = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"\n]*")?\s*\)|\b((?:https?:\/\/|www\.)[^\s<>()[\]{}"'`]+)/giu;
/** Punctuation that ends a sentence rather than the URL it follows. */
const TRAILING_PUNCTUATION = /[.,;:!?*_~]+$/u;

/**
 * The domains an answer cites, most cited first (ties in the order they first appear): the hosts of its web
 * sources, then of the links in its text, markdown links and bare URLs alike. Hosts are lower-cased, `www.` dropped.
 */
export function citedDomains(text: string, sources: readonly AnswerSource[]): string[] {
  const counts = new Map<string, number>();
  const count = (url: string) => {
    const host = hostOf(/^www\./i.test(url) ? `https://${url}` : url);
    if (host) counts.set(host, (counts.get(host) ?? 0) + 1);
  };
  for (const source of sources) count(source.url);
  for (const [, target, bare] of text.matchAll(LINK)) count(target ?? (bare ?? '').replace(TRAILING_PUNCTUATION, ''));
  // Map keeps insertion order and sort is stable: equal counts stay in the order first seen.
  return [...counts].sort((left, right) => right[1] - left[1]).map(([domain]) => domain);
}

/** Whether `host` is `domain` or one of its subdomains ("docs.acme.com" is under "acme.com"). */
export function isUnderDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}
