import { readFileSync } from 'node:fs';
import type { Sentiment } from '../../contract/brand.ts';

/**
 * Targeted-sentiment files in the shared format: three lines per item — the sentence with `$T$` where the target
 * stands (maybe more than once), the target, and the label (-1, 0 or 1). A literal "\n" in a sentence stands for
 * a line break, so a passage with markdown lists or tables fits on one line.
 */
export interface LabelledItem {
  /** The sentence with the target written in. */
  text: string;
  target: string;
  label: Sentiment;
}

const LABELS: Readonly<Record<string, Sentiment>> = { '-1': 'negative', '0': 'neutral', '1': 'positive' };

export function readLabelledItems(file: string): LabelledItem[] {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  const items: LabelledItem[] = [];
  for (let index = 0; index + 2 < lines.length; index += 3) {
    const sentence = lines[index]!;
    const target = lines[index + 1]!.trim();
    const label = LABELS[lines[index + 2]!.trim()];
    if (label === undefined) throw new Error(`${file}:${index + 3}: label must be -1, 0 or 1, not ${JSON.stringify(lines[index + 2])}`);
    items.push({ text: sentence.replaceAll('\\n', '\n').replaceAll('$T$', target), target, label });
  }
  return items;
}
