import { describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../contract/ask.ts';
import type { AnswerSource } from '../../contract/run-events.ts';
import { analyseBrandMention } from '../../core/brand/brand-analysis.ts';
import { findTermMatches, websiteDomain } from '../../core/brand/brand-matches.ts';
import { LOCAL_ANALYSER_VERSION } from '../../core/brand/targeted-sentiment.ts';

const analyse = (text: string, config: BrandConfig, sources: AnswerSource[] = []) => analyseBrandMention({ text, sources, config });
const acme: BrandConfig = { brandName: 'Acme' };

describe('finding the brand', () => {
  it('matches whole words in any case, and not inside other words', () => {
    expect(analyse('Go is fast. I like go; GO!', { brandName: 'Go' }).positions).toEqual([0, 19, 23]);
    expect(analyse('This is good and going well. Gopher, ago, cargo.', { brandName: 'Go' }).mentioned).toBe(false);
    // A plural is the brand too ("acmes"); a longer word is not.
    expect(findTermMatches('acme, ACME. (Acme) acmes acme2 macme', 'Acme').map((match) => match.start)).toEqual([0, 6, 13, 19]);
    // Punctuation is a boundary, so markdown emphasis does not hide a name.
    expect(findTermMatches('**Acme** and _Acme_', 'Acme').map((match) => match.start)).toEqual([2, 14]);
  });

  it('knows letters beyond ASCII: "Café" matches "café" and its plural "cafés"; "Straße" is one word', () => {
    expect(analyse('Le café du coin. CAFÉ! Deux cafés.', { brandName: 'Café' }).positions).toEqual([3, 17, 28]);
    expect(analyse('Die Straßenbahn und die Straße.', { brandName: 'Straße' }).positions).toEqual([24]);
    expect(analyse('Ürün: Çay. çay bahçesi', { brandName: 'Çay' }).summary.totalMentions).toBe(2);
    expect(analyse('東京ガス is listed. 東京ガスエネルギー is not the same word.', { brandName: '東京ガス' }).positions).toEqual([0]);
  });

  it('matches names of several words across any whitespace, and names with pattern characters literally', () => {
    expect(analyse('We chose Acme\nCloud over ACME  cloud.', { brandName: 'Acme Cloud' }).positions).toEqual([9, 25]);
    expect(analyse('Acme or Cloud alone do not count.', { brandName: 'Acme Cloud' }).mentioned).toBe(false);
    expect(analyse('Written in C++ and C#, not C.', { brandName: 'C++', keywords: ['C#'] }).positions).toEqual([11, 19]);
    expect(analyse('Yahoo! is back; yahoo too.', { brandName: 'Yahoo!' }).positions).toEqual([0]);
    expect(analyse('a.b.c and abc', { brandName: 'a.b.c' }).positions).toEqual([0]);
  });

  it('counts keywords with the name, reports the terms found as configured, and a position once when terms overlap', () => {
    const result = analyse('Acme Cloud is fast. The acme cloud console too. Acme Pay next.', { brandName: 'Acme', keywords: ['Acme Cloud', 'Acme Pay', 'Rockets', ' '] });
    expect(result.positions).toEqual([0, 24, 48]);
    expect(result.keywordsFound).toEqual(['Acme', 'Acme Cloud', 'Acme Pay']);
    expect(result.summary).toMatchObject({ totalMentions: 3, mentionedTerms: ['Acme', 'Acme Cloud', 'Acme Pay'] });
  });

  it('counts the website’s domain, bare or in a link, subdomains included, but not a longer name', () => {
    const config: BrandConfig = { brandName: 'Zeta Labs', websiteUrl: 'https://www.Zeta.io/about' };
    const result = analyse('See [the docs](https://docs.zeta.io/start) or zeta.io. Not notzeta.io, nor zeta.io.evil.net.', config);
    expect(result.keywordsFound).toEqual(['zeta.io']);
    expect(result.positions).toEqual([28, 46]);
    expect(websiteDomain('acme.co.uk/pricing')).toBe('acme.co.uk');
    expect(websiteDomain('not a url')).toBeUndefined();
    expect(websiteDomain('')).toBeUndefined();
  });

  it('says nothing was found when nothing was', () => {
    expect(analyse('Nothing to see here, inc.', acme)).toEqual({
      mentioned: false,
      brandName: 'Acme',
      confidence: 0,
      sentiment: 'neutral',
      context: null,
      keywordsFound: [],
      positions: [],
      summary: { totalMentions: 0, mentionedTerms: [], contexts: [] },
      competitors: [],
      rank: null,
      shareOfVoice: null,
      citedDomains: [],
      brandDomainCited: false,
      evidence: null,
      analyser: { kind: 'local', version: LOCAL_ANALYSER_VERSION },
    });
  });
});

describe('confidence', () => {
  it('is 0.3 + 0.2 per match, at most 0.9, and 0.1 more with company-like words, never above 1', () => {
    expect(analyse('Acme.', acme).confidence).toBe(0.5);
    expect(analyse('Acme and Acme.', acme).confidence).toBe(0.7);
    expect(analyse('Acme, Acme, Acme.', acme).confidence).toBe(0.9);
    expect(analyse('Acme, Acme, Acme, Acme, Acme.', acme).confidence).toBe(0.9);
    expect(analyse('Acme is a company.', acme).confidence).toBe(0.6);
    expect(analyse('Acme and Acme, the startup.', acme).confidence).toBe(0.8);
    expect(analyse('Acme, Acme, Acme: a fine product.', acme).confidence).toBe(1);
    expect(analyse('Acme, Acme, Acme, Acme Inc. has a great brand and service.', acme).confidence).toBe(1);
  });

  it('takes company-like words only as whole words', () => {
    expect(analyse('Acme is confirmed, increasingly.', acme).confidence).toBe(0.5);
    expect(analyse('Acme (LLC)', acme).confidence).toBe(0.6);
    expect(analyse('Acme Corp.', acme).confidence).toBe(0.6);
  });
});

describe('context', () => {
  it('is the text 100 characters either side of the first match, trimmed, with … where cut', () => {
    expect(analyse('  Acme is here.  ', acme).context).toBe('Acme is here.');
    const before = 'b'.repeat(150);
    const after = 'a'.repeat(150);
    const context = analyse(`${before} Acme ${after}`, acme).context!;
    expect(context).toBe(`…${'b'.repeat(99)} Acme ${'a'.repeat(99)}…`);
  });

  it('gives up to 3 passages in the summary, one per stretch of text', () => {
    const gap = ' '.repeat(250);
    const text = ['Acme one, Acme again.', 'Acme two.', 'Acme three.', 'Acme four.'].join(gap);
    const { summary, context } = analyse(text, acme);
    expect(summary.totalMentions).toBe(5);
    expect(summary.contexts).toHaveLength(3);
    expect(summary.contexts[0]).toBe(context);
    expect(summary.contexts[1]).toContain('Acme two.');
    expect(summary.contexts[2]).toContain('Acme three.');
  });
});

describe('competitors', () => {
  const config: BrandConfig = { brandName: 'Acme', competitors: ['Globex', 'Initech', 'globex', 'Umbrella'] };

  it('counts each competitor with the same matcher, once per name', () => {
    const result = analyse('Globex leads, then Acme, then globex again and Initech. Globexes count too; Globexcorp does not.', config);
    expect(result.competitors.map(({ name, mentioned, mentions, firstPosition }) => ({ name, mentioned, mentions, firstPosition }))).toEqual([
      { name: 'Globex', mentioned: true, mentions: 3, firstPosition: 0 },
      { name: 'Initech', mentioned: true, mentions: 1, firstPosition: 47 },
      { name: 'Umbrella', mentioned: false, mentions: 0, firstPosition: null },
    ]);
  });

  it('ranks the brand by where it is first named among all brands named', () => {
    expect(analyse('Globex leads, then Acme, then Initech.', config).rank).toBe(2);
    expect(analyse('Initech and Globex, then Acme.', config).rank).toBe(3);
    expect(analyse('Acme first; Globex and Initech later.', config).rank).toBe(1);
    expect(analyse('Acme alone.', acme).rank).toBe(1);
    expect(analyse('Only Globex.', config).rank).toBeNull();
  });

  it('gives the brand’s share of all brands’ mentions with 3 decimals, null when no brand is named', () => {
    expect(analyse('Acme, Acme and Globex.', config).shareOfVoice).toBe(0.667);
    expect(analyse('Acme and Globex, Initech, Initech.', config).shareOfVoice).toBe(0.25);
    expect(analyse('Acme alone.', config).shareOfVoice).toBe(1);
    expect(analyse('Only Globex.', config).shareOfVoice).toBe(0);
    expect(analyse('No brand at all.', config).shareOfVoice).toBeNull();
    expect(analyse('No brand at all.', acme).shareOfVoice).toBeNull();
  });
});

describe('cited domains', () => {
  it('lists the hosts of the sources and of the links in the text, www. dropped, most cited first', () => {
    const sources: AnswerSource[] = [
      { url: 'https://www.example.org/a?utm_source=openai', title: 'A' },
      { url: 'https://news.example.com/b', title: null },
    ];
    const text = [
      'See [the guide](https://example.org/guide "Guide") and [Acme](https://WWW.ACME.COM/pricing).',
      'Also https://docs.acme.com/start, and www.acme.com/blog. Or http://example.org.',
      '[https://example.net](https://example.net) is one link. Not a link: example.com, mailto:x@y.z.',
    ].join('\n');
    const result = analyse(text, { brandName: 'Nobody', websiteUrl: 'acme.com' }, sources);
    expect(result.citedDomains).toEqual(['example.org', 'acme.com', 'news.example.com', 'docs.acme.com', 'example.net']);
    expect(result.brandDomainCited).toBe(true);
  });

  it('counts the brand’s domain cited through a subdomain, but not a look-alike', () => {
    const sources = (url: string): AnswerSource[] => [{ url, title: null }];
    expect(analyse('x', { brandName: 'Acme', websiteUrl: 'acme.com' }, sources('https://blog.acme.com/x')).brandDomainCited).toBe(true);
    expect(analyse('x', { brandName: 'Acme', websiteUrl: 'acme.com' }, sources('https://notacme.com/x')).brandDomainCited).toBe(false);
    expect(analyse('x', { brandName: 'Acme' }, sources('https://acme.com/x')).brandDomainCited).toBe(false);
  });

  it('skips what does not parse as a URL', () => {
    expect(analyse('Broken [link](not a url) and https:// alone.', acme, [{ url: 'nonsense', title: null }]).citedDomains).toEqual([]);
  });
});
