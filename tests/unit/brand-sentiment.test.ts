import { describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../contract/ask.ts';
import type { Sentiment } from '../../contract/brand.ts';
import { analyseBrandMention } from '../../core/brand/brand-analysis.ts';

const analyse = (text: string, config: BrandConfig = { brandName: 'Acme' }, question?: string) => analyseBrandMention({ text, sources: [], config, ...(question ? { question } : {}) });
const sentimentOf = (text: string, brandName = 'Acme') => analyse(text, { brandName }).sentiment;

/**
 * The cases a window of word scores gets wrong, each read as a person would. Every one of them was misread by the
 * analyser this one replaced (AFINN scores summed 100 characters either side of the name).
 */
const HARD_CASES: [string, string, string, Sentiment][] = [
  ['negation', 'I would not recommend Acme for large teams; it lacks admin controls.', 'Acme', 'negative'],
  ['the other brand’s sentence', 'For small teams, **Acme** is the easiest pick: setup takes minutes and the free tier is generous. Zeta, by contrast, is clunky and its support is slow.', 'Zeta', 'negative'],
  ['contrast across "unlike"', 'Unlike Acme, Zeta is reliable and fast.', 'Acme', 'negative'],
  ['contrast across "but"', 'Acme is cheap, but it is unreliable and crashes under load.', 'Acme', 'negative'],
  ['the other brand’s praise nearby', 'Acme has a great free tier and a friendly community. Zeta is buggy and slow.', 'Zeta', 'negative'],
  ['comparative, subject', 'Acme is faster than Zeta in every benchmark we ran.', 'Acme', 'positive'],
  ['comparative, object', 'Acme is faster than Zeta in every benchmark we ran.', 'Zeta', 'negative'],
  ['table row', '| Tool | Free plan | SSO | Offline mode |\n|---|---|---|---|\n| Acme | ✅ | ✅ | ✅ |\n| Zeta | ❌ | ❌ | ✅ |', 'Zeta', 'negative'],
  ['list item of another brand', 'Here are the main options:\n\n1. **Acme**: reliable, well documented and affordable.\n2. **Zeta**: buggy, with frequent outages reported by users.', 'Zeta', 'negative'],
  ['a question', 'Is Acme worth it? That depends on how many seats you need and which integrations matter to you.', 'Acme', 'neutral'],
  ['a pronoun that continues', 'Acme has a free tier. It is, however, slow and buggy.', 'Acme', 'negative'],
];

describe('targeted sentiment: the hard cases', () => {
  it.each(HARD_CASES)('%s: %j about %s is %s', (_case, text, brand, label) => {
    expect(sentimentOf(text, brand)).toBe(label);
  });

  it('gives two brands in one passage their own verdicts', () => {
    const text = 'For small teams, **Acme** is the easiest pick: setup takes minutes and the free tier is generous. Zeta, by contrast, is clunky and its support is slow.';
    const analysis = analyse(text, { brandName: 'Acme', competitors: ['Zeta'] });
    expect(analysis.sentiment).toBe('positive');
    expect(analysis.competitors[0]).toMatchObject({ name: 'Zeta', mentioned: true, sentiment: 'negative' });
    expect(analysis.competitors[0]!.evidence!.sentence).toBe('Zeta, by contrast, is clunky and its support is slow.');
  });
});

describe('evidence', () => {
  it('quotes the sentence that decided and the words that tipped it', () => {
    const analysis = analyse('Acme was founded in 2015. Many users love Acme for its clean interface and fast search.');
    expect(analysis.sentiment).toBe('positive');
    expect(analysis.evidence!.sentence).toBe('Many users love Acme for its clean interface and fast search.');
    expect(analysis.evidence!.cues).toContain('love');
    expect(analysis.analyser).toEqual({ kind: 'local', version: expect.stringMatching(/^2\.\d+\.\d+\+lr-[0-9a-f]{8}\+cr-[0-9a-f]{8}$/) });
  });

  it('is null when the brand is not named', () => {
    expect(analyse('Zeta is great.').evidence).toBeNull();
  });
});

describe('finding the brand', () => {
  it('takes possessives, plurals, case and hyphen variants', () => {
    expect(analyse("Acme's plans and the two Acmes we tried; ACME too.").positions).toHaveLength(3);
    expect(analyse('We tried Acme-Cloud, AcmeCloud and acme cloud.', { brandName: 'Acme Cloud' }).positions).toHaveLength(3);
  });

  it('counts a brand that is an everyday word only where the text means the brand', () => {
    const config = { brandName: 'Notion' };
    expect(analyse('I had no notion of how long it would take. The zoom level was fine.', config).mentioned).toBe(false);
    expect(analyse('Teams often pick Notion for its wiki.', config).mentioned).toBe(true);
    // A keyword nearby vouches for the lower-case word; an all-lower-case text gives no capitals to go by.
    expect(analyse('I keep my notes in notion, the workspace app.', { brandName: 'Notion', keywords: ['workspace app'] }).keywordsFound).toEqual(['Notion', 'workspace app']);
    expect(analyse('love my notes in notion lol', config).mentioned).toBe(true);
  });

  it('does not count words the answer quotes from the question', () => {
    const question = 'Is Acme a good choice for a small design agency?';
    const answer = 'You asked: is Acme a good choice for a small design agency? For agencies, Zeta is usually the better fit.';
    const analysis = analyse(answer, { brandName: 'Acme' }, question);
    expect(analysis.mentioned).toBe(false);
    expect(analysis.sentiment).toBe('neutral');
    // Without the question, the echo reads as the answer naming the brand.
    expect(analyse(answer).mentioned).toBe(true);
  });
});
