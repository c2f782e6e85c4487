import { describe, expect, it } from 'vitest';
import type { BrandAnalytics, MentionRecord, RecentBrand } from '../../../../contract/brand.ts';
import { NO_MENTION_FILTERS } from '../../api/brand-api.ts';
import { brandChoices, isFiltered, shownText, visibleKeywords } from './mention-filters.ts';

function mention(id: string, brandName: string, query: string, context: string | null, keywordsFound: string[]): MentionRecord {
  return {
    id,
    brandName,
    sentiment: 'neutral',
    verdictBy: 'local',
    confidence: 0.5,
    context,
    keywordsFound,
    positions: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    surface: 'model',
    request: { id: `r-${id}`, query, engine: 'openai', model: 'gpt-4o-mini' },
  };
}

const mentions = [
  mention('1', 'Acme', 'Best running shoes?', 'Acme makes light trainers', ['Acme']),
  mention('2', 'Globex', 'Cloud hosting options', null, ['Globex', 'globex.com']),
  mention('3', 'Acme', 'Trail gear', 'Many like the Roadrunner line', ['Roadrunner']),
];
const ids = (list: MentionRecord[]) => list.map((entry) => entry.id);

describe('whether the list is filtered', () => {
  it('is not with the defaults or a blank search, and is with any filter set', () => {
    expect(isFiltered(NO_MENTION_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_MENTION_FILTERS, search: '   ' })).toBe(false);
    expect(isFiltered({ ...NO_MENTION_FILTERS, surface: 'ai-overview' })).toBe(true);
    expect(isFiltered({ ...NO_MENTION_FILTERS, model: 'gpt-4o' })).toBe(true);
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
  it('says how many the server counted, over which period, and which of them this page shows', () => {
    expect(shownText(3, 1, 20, 30)).toBe('3 mentions in the last 30 days');
    expect(shownText(1, 1, 20, 7)).toBe('1 mention in the last 7 days');
    expect(shownText(57, 2, 20, 90)).toBe('21–40 of 57 mentions in the last 90 days');
    expect(shownText(57, 3, 20, 90)).toBe('41–57 of 57 mentions in the last 90 days');
  });
});

describe('brand choices', () => {
  it('lists each brand once, in name order', () => {
    const recent = [{ brandName: 'Zeta' }, { brandName: 'Acme' }] as RecentBrand[];
    const analysed = [{ brandName: 'Acme' }, { brandName: 'Beta' }] as BrandAnalytics[];
    expect(brandChoices(recent, analysed, mentions)).toEqual(['Acme', 'Beta', 'Globex', 'Zeta']);
  });
});
