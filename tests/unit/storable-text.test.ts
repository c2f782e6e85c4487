import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasUnstorableText, StorableTextStream, storableText } from '../../core/text/storable-text.ts';
import { filterUrl } from '../../contract/safe-url.ts';
import { safeSources } from '../../worker/jobs/storable-parts.ts';

describe('storable text', () => {
  it('replaces NUL and lone surrogates, and keeps pairs, newlines and tabs', () => {
    expect(storableText('a\u0000b')).toBe('a\uFFFDb');
    expect(storableText('x\uD800y\uDC00z')).toBe('x\uFFFDy\uFFFDz');
    expect(storableText('rocket \u{1F680}\n\ttab')).toBe('rocket \u{1F680}\n\ttab');
    expect(hasUnstorableText('fine\n\t\u{1F600}')).toBe(false);
    expect(hasUnstorableText('\uDFFF')).toBe(true);
    expect(hasUnstorableText('\u0000')).toBe(true);
  });

  it('makes any text, however it is cut into chunks, into exactly the storable whole', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const stream = new StorableTextStream();
        let joined = '';
        let from = 0;
        for (const point of [...points, text.length]) {
          joined += stream.push(text.slice(from, point));
          from = point;
        }
        joined += stream.end();
        expect(joined).toBe(storableText(text));
        expect(hasUnstorableText(joined)).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps only sources with an allowed address', () => {
    expect(
      safeSources([
        { url: 'javascript:alert(1)', title: 'x' },
        { url: 'data:text/html,hi', title: null },
        { url: 'https://example.com/a', title: 'ok\u0000' },
        { url: 'mailto:someone@example.com', title: null },
      ]),
    ).toEqual([
      { url: 'https://example.com/a', title: 'ok\uFFFD' },
      { url: 'mailto:someone@example.com', title: null },
    ]);
    expect(filterUrl('JAVASCRIPT:alert(1)')).toBe('');
  });
});
