import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findTermMatches } from '../../core/brand/brand-matches.ts';
import { FeatureScorer } from '../../core/brand/sentiment/feature-scorer.ts';
import { collectFeatures } from '../../core/brand/sentiment/mention-features.ts';
import { classScores } from '../../core/brand/sentiment/sentiment-model.ts';
import { mentionFeatureSets, readText } from '../../core/brand/targeted-sentiment.ts';

/**
 * The analyser scores a mention's features without naming them; training names them. The two must agree to the
 * last bit, or the worker would judge differently from the model it was trained as.
 */
const BRANDS = ['Acme', 'Zeta', 'Orbit'];
const passages = readFileSync(new URL('../fixtures/brand-passages.raw', import.meta.url), 'utf8')
  .split('\n')
  .filter((_, index) => index % 3 === 0)
  .map((line) => line.replaceAll('\\n', '\n').replaceAll('$T$', 'Acme'));
const longAnswer = [
  '## Picking a tool',
  'Acme is fast and reliable, but Zeta is not cheap. Unlike Acme, Orbit lacks single sign-on; it is very slow.',
  '- **Zeta**: buggy and expensive.\n- **Acme**: well documented, intuitive and affordable!',
  '| Tool | SSO |\n|---|---|\n| Acme | ✅ |\n| Zeta | ❌ |\n| Orbit | ✅ |',
  "Is Orbit worth it? If you already use Zeta, you shouldn't switch: Acme isn't faster than Zeta.",
].join('\n\n');
const texts = [...passages, longAnswer, longAnswer.toLowerCase(), `${longAnswer}\n\n${longAnswer.replaceAll('Acme', 'Orbit')}`];

describe('the feature scorer', () => {
  it('gives every mention of every brand exactly the scores of its named features', () => {
    let mentions = 0;
    for (const text of texts) {
      const read = readText(text);
      for (const brand of BRANDS) {
        const others = BRANDS.filter((name) => name !== brand).flatMap((name) => findTermMatches(text, name));
        for (const mention of mentionFeatureSets(read, findTermMatches(text, brand), others)) {
          const scorer = new FeatureScorer(read.readings);
          scorer.begin(read.informal);
          collectFeatures(scorer, read.tokens, read.readings, mention.from, mention.to, mention.isBrand, mention.scope, mention.rules.owned);
          expect(scorer.scores()).toEqual(classScores(mention.features));
          // Read again by the text's own scorer, which remembers the words of earlier mentions.
          read.scorer.begin(read.informal);
          collectFeatures(read.scorer, read.tokens, read.readings, mention.from, mention.to, mention.isBrand, mention.scope, mention.rules.owned);
          expect(read.scorer.scores()).toEqual(classScores(mention.features));
          mentions += 1;
        }
      }
    }
    expect(mentions).toBeGreaterThan(60);
  });

  it('scores alike once its memory of words has filled up and started afresh', () => {
    // One sentence of 60,000 new words fills the memory (50,000 words); the next text's scorer starts afresh.
    const flood = `Acme ${Array.from({ length: 60_000 }, (_, index) => `w${index.toString(36)}`).join(' ')} is fast.`;
    for (const text of [flood, longAnswer]) {
      const read = readText(text);
      for (const mention of mentionFeatureSets(read, findTermMatches(text, 'Acme'), findTermMatches(text, 'Zeta'))) {
        read.scorer.begin(read.informal);
        collectFeatures(read.scorer, read.tokens, read.readings, mention.from, mention.to, mention.isBrand, mention.scope, mention.rules.owned);
        expect(read.scorer.scores()).toEqual(classScores(mention.features));
      }
    }
  });
});
