import { describe, expect, it } from 'vitest';
import type { BrandMention } from '../../../../contract/brand.ts';
import type { ModelResult } from '../../../../contract/model-result.ts';
import { brandMentionOf } from './brand-mention-of.ts';
import { compactSummary, highlightParts, percentText, plainPassage, sentimentColour, sentimentLabel } from './brand-summary-text.ts';

const mention: BrandMention = {
  mentioned: true,
  brandName: 'Acme',
  confidence: 0.834,
  sentiment: 'positive',
  context: 'Acme makes shoes',
  keywordsFound: ['Acme'],
  positions: [0],
  summary: { totalMentions: 3, mentionedTerms: ['Acme'], contexts: ['Acme makes shoes'] },
  competitors: [{ name: 'Globex', mentioned: true, mentions: 2, firstPosition: 40 }],
  rank: 1,
  shareOfVoice: 0.6,
  citedDomains: [],
  brandDomainCited: false,
};

describe('brand summary wording', () => {
  it('colours sentiment green, red, or grey for neutral and anything unknown', () => {
    expect(sentimentColour('positive')).toBe('green');
    expect(sentimentColour('negative')).toBe('red');
    expect(sentimentColour('neutral')).toBe('gray');
    expect(sentimentColour('mixed')).toBe('gray');
    expect(sentimentLabel('negative')).toBe('Negative');
  });

  it('rounds confidence to a whole percentage', () => {
    expect(percentText(0.834)).toBe('83%');
    expect(percentText(0.835)).toBe('84%');
    expect(percentText(0)).toBe('0%');
    expect(percentText(1)).toBe('100%');
  });

  it('sums up a column in one line, with rank and share of voice only when competitors were asked for', () => {
    expect(compactSummary(mention)).toBe('3 mentions · Positive · 83% confidence · rank 1 · 60% share of voice');
    expect(compactSummary({ ...mention, competitors: [], summary: { ...mention.summary, totalMentions: 1 } })).toBe('1 mention · Positive · 83% confidence');
    expect(compactSummary({ ...mention, mentioned: false })).toBe('not mentioned');
  });
});

describe('highlighting', () => {
  it('marks every occurrence of a term, ignoring case, and prefers the longer term', () => {
    expect(highlightParts('Try acme or Acme Pro.', ['Acme', 'Acme Pro'])).toEqual([
      { text: 'Try ', highlighted: false },
      { text: 'acme', highlighted: true },
      { text: ' or ', highlighted: false },
      { text: 'Acme Pro', highlighted: true },
      { text: '.', highlighted: false },
    ]);
  });

  it('drops markdown emphasis and code marks from a cut passage', () => {
    expect(plainPassage('**gpt-4o-mini** on `Acme` and __bold__ snake_case')).toBe('gpt-4o-mini on Acme and bold snake_case');
    expect(plainPassage('## Heading\nAcme')).toBe('Heading\nAcme');
  });

  it('treats terms as plain text, not patterns', () => {
    expect(highlightParts('a.b and axb', ['a.b'])).toEqual([
      { text: 'a.b', highlighted: true },
      { text: ' and axb', highlighted: false },
    ]);
    expect(highlightParts('nothing here', [' '])).toEqual([{ text: 'nothing here', highlighted: false }]);
  });
});

describe('reading the analysis from a result', () => {
  const result = { runId: 'r' } as ModelResult;
  it('finds it when present and reads null otherwise', () => {
    expect(brandMentionOf({ ...result, brandMention: mention } as ModelResult)).toBe(mention);
    expect(brandMentionOf({ ...result, brandMention: null } as ModelResult)).toBeNull();
    expect(brandMentionOf(result)).toBeNull();
    expect(brandMentionOf(null)).toBeNull();
  });
});
