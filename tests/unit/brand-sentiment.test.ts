import { describe, expect, it } from 'vitest';
import type { Sentiment } from '../../contract/brand.ts';
import { analyseBrandMention } from '../../core/brand/brand-analysis.ts';
import { lexiconScore } from '../../core/brand/brand-sentiment.ts';

const sentimentOf = (text: string, brandName = 'Acme') => analyseBrandMention({ text, sources: [], config: { brandName } }).sentiment;

/** Sentences labelled by hand, as a person reading them would. */
const LABELLED: [string, Sentiment][] = [
  ['Acme makes excellent laptops that customers love.', 'positive'],
  ['Reviewers say Acme offers great value and helpful support.', 'positive'],
  ['I would happily recommend Acme to a friend.', 'positive'],
  ['The new Acme phone is impressive and fun to use.', 'positive'],
  ['Acme won an award for its innovative design.', 'positive'],
  ['Acme customer service is terrible and slow.', 'negative'],
  ['Users complain that Acme products break easily.', 'negative'],
  ['Acme was fined after a data breach exposed passwords.', 'negative'],
  ['The latest Acme update is a disappointing failure.', 'negative'],
  ['Many customers are angry that Acme ignored the problem.', 'negative'],
  ['Acme is headquartered in Ohio and was founded in 1998.', 'neutral'],
  ['Acme sells laptops, tablets and phones.', 'neutral'],
  ['The Acme store opens at nine on weekdays.', 'neutral'],
  ['Acme released version 4.2 of its software in March.', 'neutral'],
];

describe('the sentiment around a mention', () => {
  it.each(LABELLED)('reads %j as %s', (text, label) => {
    expect(sentimentOf(text)).toBe(label);
  });

  it('reads only the 100 characters either side of each mention', () => {
    const far = ' '.repeat(101);
    expect(sentimentOf(`Acme sells phones.${far}This is wonderful, brilliant, superb.`)).toBe('neutral');
    expect(sentimentOf(`Awful, horrible, dreadful.${far}Acme sells phones.`)).toBe('neutral');
    // Every mention has its window: praise near the second one counts.
    expect(sentimentOf(`Acme sells phones.${far}People say Acme is wonderful.`)).toBe('positive');
  });

  it('does not take a word cut by the window’s edge for another ("unhappy" is not "happy")', () => {
    const text = `${'x'.repeat(10)} unhappy ${'y'.repeat(93)} Acme`;
    expect(text.indexOf('Acme') - 100).toBe(text.indexOf('unhappy') + 2);
    expect(sentimentOf(text)).toBe('negative');
  });

  it('counts a word near two mentions once, and never the brand’s own name', () => {
    expect(analyseBrandMention({ text: 'Acme is good. Acme is bad. Acme is bad.', sources: [], config: { brandName: 'Acme' } }).sentiment).toBe('negative');
    expect(sentimentOf('Best Buy has stores in many cities.', 'Best Buy')).toBe('neutral');
    expect(sentimentOf('Acme Super Fun Co opened a store.', 'Acme Super Fun Co')).toBe('neutral');
  });

  it('scores the lexicon’s phrases as phrases, and ignores what is not a word in it', () => {
    expect(lexiconScore('it does not work')).toBe(-3);
    expect(lexiconScore('I can’t stand it')).toBe(-3);
    expect(lexiconScore('a game-changing idea')).toBe(3);
    expect(lexiconScore('constructor toString hasOwnProperty __proto__')).toBe(0);
  });
});
