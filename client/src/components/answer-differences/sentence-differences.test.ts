import { describe, expect, it } from 'vitest';
import { markUniqueSentences, plainText, sentencesOf, similarity } from './sentence-differences.ts';

describe('sentences one answer has that the others lack', () => {
  it('splits an answer into sentences, lines and list items, without its markup', () => {
    expect(sentencesOf('**Short answer:** use Postgres. It is reliable!\n\n- Cheap to run\n- Well known')).toEqual([
      'Short answer: use Postgres.',
      'It is reliable!',
      'Cheap to run',
      'Well known',
    ]);
    expect(plainText('See [the docs](https://example.com) and `code`')).toBe('See the docs and code');
  });

  it('scores how much two sentences share, whatever the case', () => {
    expect(similarity('Use Postgres for this.', 'use postgres for this.')).toBe(1);
    expect(similarity('Use Postgres for this.', 'Bananas are yellow.')).toBeLessThan(0.2);
  });

  it('marks a sentence unique only when no other answer says something like it', () => {
    const marked = markUniqueSentences([
      'Postgres is a solid default. Back it up nightly.',
      'Postgres is a solid default choice. Consider SQLite for tiny apps.',
      'postgres is a solid default.',
    ]);
    expect(marked[0]).toEqual([
      { text: 'Postgres is a solid default.', unique: false },
      { text: 'Back it up nightly.', unique: true },
    ]);
    expect(marked[1]!.map((sentence) => sentence.unique)).toEqual([false, true]);
    expect(marked[2]).toEqual([{ text: 'postgres is a solid default.', unique: false }]);
    expect(markUniqueSentences(['Only one answer.'])).toEqual([[{ text: 'Only one answer.', unique: false }]]);
  });
});
