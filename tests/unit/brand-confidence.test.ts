import { describe, expect, it } from 'vitest';
import { mentionConfidence } from '../../core/brand/brand-confidence.ts';

/** The company words as one pattern with its edges as lookarounds: the definition the faster search must keep. */
const COMPANY_WORD = /(?<![\p{L}\p{N}])(?:company|brand|firm|inc|corp|ltd|llc|startup|business|product|service)(?![\p{L}\p{N}])/iu;
const expected = (text: string) => (COMPANY_WORD.test(text) ? 0.6 : 0.5);

describe('mention confidence and company words', () => {
  it('counts a company word only as a whole word, in any case', () => {
    const cases: [string, number][] = [
      ['Acme Inc. makes tools.', 0.6],
      ['Acme is incorporated in Delaware.', 0.5],
      ['Since then, the princess has used Acme.', 0.5],
      ['A brand-new BRAND.', 0.6],
      ['firmproduct service2 3llc', 0.5],
      ['firmproduct llc', 0.6],
      ['xinc inc', 0.6],
      ['ſervice (a long s) and \u212Aelvin-sign LLC', 0.6],
      ['éproduct productà', 0.5],
      ['𝐀company', 0.5],
      ['', 0.5],
    ];
    for (const [text, confidence] of cases) {
      expect(mentionConfidence(1, text), text).toBe(confidence);
      expect(expected(text), text).toBe(confidence);
    }
  });

  it('agrees with the one-pattern definition on random text', () => {
    let state = 11;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pieces = ['inc', 'INC', 'brand', 'Firm', 'llc', 'product', 'service', 'ſervice', 'a', 'é', '1', ' ', '-', '.', '𝐀', 'x'];
    let withWords = 0;
    for (let round = 0; round < 3000; round += 1) {
      const text = Array.from({ length: 1 + Math.floor(next() * 8) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      expect(mentionConfidence(1, text), text).toBe(expected(text));
      if (expected(text) === 0.6) withWords += 1;
    }
    expect(withWords).toBeGreaterThan(300);
  });
});
