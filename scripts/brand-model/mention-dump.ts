import { createHash } from 'node:crypto';
import path from 'node:path';
import { contextWindows, findTermMatches, mentionFeatureSets, readText } from '../../core/brand/index.ts';
import { readLabelledItems } from './labelled-items.ts';

const LABEL_INDEX = { negative: 0, neutral: 1, positive: 2 } as const;

/**
 * Every labelled item's mentions as the analyser reads them, one JSON line per item, for the python trainer
 * (train_model.py): the file, the label (0 negative, 1 neutral, 2 positive), and per mention the sparse features,
 * the rules' reading, whether it is compared against, and the context reader's windows of words (context-window.ts),
 * and the item's group (its text's digest).
 * Items keep their order, file after file, so a fold (position modulo K) is the same here and in the trainer.
 */
export function* mentionDumpLines(files: readonly string[]): Generator<string> {
  for (const file of files) {
    for (const item of readLabelledItems(file)) {
      const read = readText(item.text);
      const mentions = mentionFeatureSets(read, findTermMatches(item.text, item.target), []).map((mention) => {
        const { sentenceStart, sentenceEnd } = mention.scope;
        const windows = contextWindows(read.tokens, mention.isBrand, mention.from, mention.to, sentenceStart, sentenceEnd);
        return { features: Object.fromEntries(mention.features), rules: mention.rules, comparedAgainst: mention.scope.comparedAgainst, placement: mention.placement, windows };
      });
      // Items of one passage (the same text, another brand) share a group, so grouped folds never split a passage.
      const group = createHash('sha1').update(item.text).digest('hex').slice(0, 12);
      yield `${JSON.stringify({ file: path.basename(file), label: LABEL_INDEX[item.label], group, isPassage: read.layout.isPassage, mentions })}\n`;
    }
  }
}
