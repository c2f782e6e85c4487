import path from 'node:path';
import { findTermMatches } from '../../core/brand/brand-matches.ts';
import { mentionFeatureSets, readText } from '../../core/brand/targeted-sentiment.ts';
import { readLabelledItems } from './labelled-items.ts';
import { visitSlotWords } from './mention-slots.ts';

const LABEL_INDEX = { negative: 0, neutral: 1, positive: 2 } as const;

/**
 * Every labelled item's mentions as the analyser reads them, one JSON line per item, for the python trainer
 * (train_model.py): the file, the label (0 negative, 1 neutral, 2 positive), and per mention the sparse features,
 * the rules' reading, whether it is compared against, and its slot words with their distance from the mention.
 * Items keep their order, file after file, so a fold (position modulo K) is the same here and in the trainer.
 */
export function* mentionDumpLines(files: readonly string[]): Generator<string> {
  for (const file of files) {
    for (const item of readLabelledItems(file)) {
      const read = readText(item.text);
      const mentions = mentionFeatureSets(read, findTermMatches(item.text, item.target), []).map((mention) => {
        const slots: [string, number, number][] = [];
        visitSlotWords(read.readings, mention.from, mention.to, mention.isBrand, mention.scope, (slot, token) =>
          slots.push([read.readings[token]!.word, slot, token < mention.from ? mention.from - token : token - mention.to + 1]),
        );
        return { features: Object.fromEntries(mention.features), rules: mention.rules, comparedAgainst: mention.scope.comparedAgainst, slots };
      });
      yield `${JSON.stringify({ file: path.basename(file), label: LABEL_INDEX[item.label], mentions })}\n`;
    }
  }
}
