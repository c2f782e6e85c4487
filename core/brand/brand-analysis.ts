import type { BrandConfig } from '../../contract/ask.ts';
import type { BrandMention, CompetitorMention } from '../../contract/brand.ts';
import type { AnswerSource } from '../../contract/run-events.ts';
import { brandRank, distinctCompetitors, shareOfVoice } from './brand-competitors.ts';
import { mentionConfidence } from './brand-confidence.ts';
import { contextAround, summaryContexts } from './brand-context.ts';
import { findDomainMatches, findTermMatches, mergeMatches, websiteDomain, type TermMatch } from './brand-matches.ts';
import { citedDomains, isUnderDomain } from './cited-domains.ts';
import { blankSpans, brandUses, outside, quotedQuestion } from './mention-filters.ts';
import { LOCAL_ANALYSER_VERSION, readText, targetedSentiment } from './targeted-sentiment.ts';

export interface BrandAnalysisInput {
  /** The whole answer, as markdown. */
  text: string;
  /** The pages the answer was grounded on (web search). */
  sources: readonly AnswerSource[];
  config: BrandConfig;
  /** The question the answer replies to: words the answer repeats from it are not the answer's own. */
  question?: string;
}

/**
 * How one answer talks about the brand: whether and where it is named (its name, its keywords, its website's
 * domain), how sure that is, how the answer speaks of it and of each competitor (with the sentence and words
 * that decided it), where it stands among them, and which domains the answer cites. Pure: the same answer,
 * question and config always give the same analysis.
 */
export function analyseBrandMention({ text, sources, config, question }: BrandAnalysisInput): BrandMention {
  const quoted = quotedQuestion(text, question);
  const ownText = quoted.length > 0 ? blankSpans(text, quoted) : text;
  const domain = websiteDomain(config.websiteUrl);

  const found = brandTerms(config, domain).map(({ term, find }) => ({ term, matches: find(ownText) }));
  const everyMatch = found.flatMap((entry) => entry.matches);
  const termsFound: string[] = [];
  const matches: TermMatch[] = [];
  for (const { term, matches: termMatches } of found) {
    const uses = brandUses(ownText, term, termMatches, everyMatch);
    if (uses.length === 0) continue;
    termsFound.push(term);
    matches.push(...uses);
  }
  const mentions = mergeMatches(matches);
  const first = mentions[0];

  const competitorNames = distinctCompetitors(config.competitors);
  const competitorMatches = competitorNames.map((name) => brandUses(ownText, name, findTermMatches(ownText, name), []).filter(outside(mentions)));
  const read = readText(ownText);
  const othersOf = (index: number) => [...mentions, ...competitorMatches.flatMap((list, other) => (other === index ? [] : list))];
  const competitors: CompetitorMention[] = competitorNames.map((name, index) => {
    const own = competitorMatches[index]!;
    const verdict = targetedSentiment(read, own, othersOf(index));
    return { name, mentioned: own.length > 0, mentions: own.length, firstPosition: own[0]?.start ?? null, sentiment: verdict.sentiment, evidence: verdict.evidence };
  });
  const verdict = targetedSentiment(read, mentions, competitorMatches.flat());
  const cited = citedDomains(text, sources);

  return {
    mentioned: first !== undefined,
    brandName: config.brandName,
    confidence: mentionConfidence(mentions.length, ownText),
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
