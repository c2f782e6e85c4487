/**
 * `node --import tsx scripts/brand-model/dump-mentions.ts OUT.jsonl DATA_FILE...`: writes every labelled item's
 * mentions as the analyser reads them, one JSON line per item, for the python trainer (train_vectors.py): the
 * sparse features, the rules' reading, whether the mention is compared against, and its slot words with their
 * distance from the mention. The same code the worker runs finds and reads the mentions.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { findTermMatches } from '../../core/brand/brand-matches.ts';
import { mentionFeatureSets, readText } from '../../core/brand/targeted-sentiment.ts';
import { visitSlotWords } from './mention-slots.ts';
import { readLabelledItems } from './labelled-items.ts';

const LABEL_INDEX = { negative: 0, neutral: 1, positive: 2 } as const;
const [out, ...files] = process.argv.slice(2);
if (!out || files.length === 0) {
  console.error('usage: dump-mentions.ts OUT.jsonl DATA_FILE...');
  process.exit(2);
}
const stream = createWriteStream(out);
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
    stream.write(`${JSON.stringify({ file: path.basename(file), label: LABEL_INDEX[item.label], mentions })}\n`);
  }
}
stream.end();
