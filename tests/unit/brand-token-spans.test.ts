import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOKEN, tokenSpans } from '../../core/brand/sentiment/token-spans.ts';

/** The spans exactly as the pattern's own search finds them: what `tokenSpans` must reproduce. */
const patternSpans = (text: string) => [...text.matchAll(TOKEN)].flatMap((match) => [match.index, match.index + match[0].length]);

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

// Every ASCII character, and the non-ASCII ones the pattern treats specially or that sit next to ASCII words.
const ALPHABET = [
  ...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)),
  ...'’–—✓✔✗✘★☆éÉßİΣσςЖж٣²①✅❌👍🚀😀©®\u00a0\u200d\ufe0f',
  '𝐀', '𐐀', '\ud83d', '\ude00',
];

describe('token spans', () => {
  it('are the pattern’s on every labelled passage', () => {
    const passages = readFileSync(new URL('../fixtures/brand-passages.raw', import.meta.url), 'utf8').replaceAll('\\n', '\n');
    expect(tokenSpans(passages)).toEqual(patternSpans(passages));
    expect(tokenSpans(passages).length).toBeGreaterThan(1000);
  });

  it('are the pattern’s on tricky hand-written cases', () => {
    const cases = [
      "e.g. v2.0 isn't won’t n't 'quoted' -- --- - ** *** :) :-( ;) :D x.-y a.b.c. end.",
      'Café-crème naïve résumé ÉCOLE 3.5× A’B a’ b\'c abc\'',
      '✅ ❌ 👍🏽 👨‍👩‍👧 ★☆ 2014—2021 – a–b 😀x x😀',
      '| Tool | Free | SSO |\n|---|---|---|\n| **Acme** | ✅ | ❌ |',
    ];
    for (const text of cases) expect(tokenSpans(text), text).toEqual(patternSpans(text));
  });

  it('are the pattern’s on random text', () => {
    const next = random(7);
    for (let round = 0; round < 3000; round += 1) {
      const length = 1 + Math.floor(next() * 40);
      let text = '';
      for (let index = 0; index < length; index += 1) {
        // Mostly word characters and joiners, where the hand-written scan has its decisions to make.
        const pick = next();
        text += pick < 0.4 ? 'aZ9'[Math.floor(next() * 3)] : pick < 0.55 ? ".'-"[Math.floor(next() * 3)] : ALPHABET[Math.floor(next() * ALPHABET.length)];
      }
      expect(tokenSpans(text), JSON.stringify(text)).toEqual(patternSpans(text));
    }
  });
});
