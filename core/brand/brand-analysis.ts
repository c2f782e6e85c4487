import type { BrandConfig } from '../../contract/ask.ts';
import type { BrandMention } from '../../contract/brand.ts';
import type { AnswerSource } from '../../contract/run-events.ts';
import { brandRank, competitorMentions, distinctCompetitors, shareOfVoice } from './brand-competitors.ts';
import { mentionConfidence } from './brand-confidence.ts';
import { contextAround, summaryContexts } from './brand-context.ts';
import { findDomainMatches, findTermMatches, mergeMatches, websiteDomain, type TermMatch } from './brand-matches.ts';
import { citedDomains, isUnderDomain } from './cited-domains.ts';
import { LOCAL_ANALYSER_VERSION, targetedSentiment } from './targeted-sentiment.ts';

export interface BrandAnalysisInput {
  /** The whole answer, as markdown. */
  text: string;
  /** The pages the answer was grounded on (web search). */
  sources: readonly AnswerSource[];
  config: BrandConfig;
}

/**
 * How one answer talks about the brand: whether and where it is named (its name, its keywords, its website's
 * domain), how sure that is, the sentiment around it, how it stands against the competitors, and which domains
 * the answer cites. Pure: the same answer and config always give the same analysis.
 */
export function analyseBrandMention({ text, sources, config }: BrandAnalysisInput): BrandMention {
  const domain = websiteDomain(config.websiteUrl);
  const termsFound: string[] = [];
  const matches: TermMatch[] = [];
  for (const { term, find } of brandTerms(config, domain)) {
    const found = find(text);
    if (found.length === 0) continue;
    termsFound.push(term);
    matches.push(...found);
  }
  const mentions = mergeMatches(matches);
  const first = mentions[0];
  const competitors = competitorMentions(text, distinctCompetitors(config.competitors));
  const cited = citedDomains(text, sources);
  const verdict = targetedSentiment(text, mentions);

  return {
    mentioned: first !== undefined,
    brandName: config.brandName,
    confidence: mentionConfidence(mentions.length, text),
    sentiment: verdict.sentiment,
    context: first ? contextAround(text, first) : null,
    keywordsFound: termsFound,
    positions: mentions.map((mention) => mention.start),
    summary: { totalMentions: mentions.length, mentionedTerms: termsFound, contexts: summaryContexts(text, mentions) },
    competitors,
    rank: brandRank(first?.start, competitors),
    shareOfVoice: shareOfVoice(mentions.length, competitors),
    citedDomains: cited,
    brandDomainCited: domain !== undefined && cited.some((host) => isUnderDomain(host, domain)),
    evidence: verdict.evidence,
    analyser: { kind: 'local', version: LOCAL_ANALYSER_VERSION },
  };
}

interface BrandTerm {
  /** As written in the config, which is how the terms found are reported. */
  term: string;
  find: (text: string) => TermMatch[];
}

/** The brand's name, its keywords and its website's domain, each once (keywords repeating the name are skipped). */
function brandTerms(config: BrandConfig, domain: string | undefined): BrandTerm[] {
  const terms: BrandTerm[] = [];
  const seen = new Set<string>();
  for (const written of [config.brandName, ...(config.keywords ?? [])]) {
    const term = written.trim();
    const key = term.toLocaleLowerCase();
    if (term === '' || seen.has(key)) continue;
    seen.add(key);
    terms.push({ term, find: (text) => findTermMatches(text, term) });
  }
  if (domain !== undefined && !seen.has(domain)) terms.push({ term: domain, find: (text) => findDomainMatches(text, domain) });
  return terms;
}
