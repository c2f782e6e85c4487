import { describe, expect, it } from 'vitest';
import type { BrandAnalytics, MentionRecord, RecentBrand } from '../../../../contract/brand.ts';
import { ALL_BRANDS, brandChoices, filterMentions, shownText, visibleKeywords } from './mention-filters.ts';

function mention(id: string, brandName: string, query: string, context: string | null, keywordsFound: string[]): MentionRecord {
  return {
    id,
    brandName,
    sentiment: 'neutral',
    confidence: 0.5,
    context,
    keywordsFound,
    positions: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    request: { id: `r-${id}`, query, engine: 'openai', model: 'gpt-4o-mini' },
  };
}

const mentions = [
  mention('1', 'Acme', 'Best running shoes?', 'Acme makes light trainers', ['Acme']),
  mention('2', 'Globex', 'Cloud hosting options', null, ['Globex', 'globex.com']),
  mention('3', 'Acme', 'Trail gear', 'Many like the Roadrunner line', ['Roadrunner']),
];
const ids = (list: MentionRecord[]) => list.map((entry) => entry.id);

describe('filtering mentions', () => {
  it('keeps everything with no brand and no words', () => {
    expect(ids(filterMentions(mentions, { brand: ALL_BRANDS, search: '  ' }))).toEqual(['1', '2', '3']);
  });

  it('narrows to one brand', () => {
    expect(ids(filterMentions(mentions, { brand: 'Acme', search: '' }))).toEqual(['1', '3']);
    expect(ids(filterMentions(mentions, { brand: 'Initech', search: '' }))).toEqual([]);
  });

  it('searches the context, the question and the keywords, ignoring case', () => {
    expect(ids(filterMentions(mentions, { brand: ALL_BRANDS, search: 'TRAINERS' }))).toEqual(['1']);
    expect(ids(filterMentions(mentions, { brand: ALL_BRANDS, search: 'hosting' }))).toEqual(['2']);
    expect(ids(filterMentions(mentions, { brand: ALL_BRANDS, search: 'globex.com' }))).toEqual(['2']);
    expect(ids(filterMentions(mentions, { brand: 'Acme', search: 'roadrunner' }))).toEqual(['3']);
  });
});

describe('card keywords', () => {
  it('shows the first three and counts the rest', () => {
    expect(visibleKeywords(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: '+2 more' });
    expect(visibleKeywords(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: null });
    expect(visibleKeywords([])).toEqual({ shown: [], more: null });
  });
});

describe('the list count', () => {
  it('says how many are shown of how many', () => {
    expect(shownText(3, 3)).toBe('3 mentions');
    expect(shownText(1, 1)).toBe('1 mention');
    expect(shownText(1, 3)).toBe('1 of 3 mentions');
  });
});

describe('brand choices', () => {
  it('lists each brand once, in name order', () => {
    const recent = [{ brandName: 'Zeta' }, { brandName: 'Acme' }] as RecentBrand[];
    const analysed = [{ brandName: 'Acme' }, { brandName: 'Beta' }] as BrandAnalytics[];
    expect(brandChoices(recent, analysed, mentions)).toEqual(['Acme', 'Beta', 'Globex', 'Zeta']);
  });
});
