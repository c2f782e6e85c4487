/**
 * `npm run brand:corpus`: builds the labelled answer corpus from the writers' passages (data/brand-answers/passages/
 * <writer>/) and the second, blind labels (data/brand-answers/second-labels/<writer>/labels-*.txt).
 *
 * An item is one (passage, brand) pair. Where both labellers gave the same label, the item goes into the split of its
 * writer (train or held-out, by data/brand-answers/splits.json) as three lines of the shared format; where they
 * disagreed it is dropped (listed in the report). Items whose brand is not written in the passage are dropped too.
 * Prints the agreement (raw and Cohen's kappa) and writes data/brand-answers/report.json.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../core/config/index.ts';
import { brandOccurrences, parseLabels, rawLine, readPassageFolder, type CorpusPassage } from './corpus-passages.ts';

const CORPUS = path.join(PROJECT_ROOT, 'data/brand-answers');
const splits = JSON.parse(readFileSync(path.join(CORPUS, 'splits.json'), 'utf8')) as Record<'train' | 'heldout', string[]>;

/** The second labeller's labels, by passage id and brand. */
function secondLabels(writer: string): Map<string, Map<string, number>> {
  const folder = path.join(CORPUS, 'second-labels', writer);
  const labels = new Map<string, Map<string, number>>();
  if (!existsSync(folder)) return labels;
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.txt')).sort()) {
    readFileSync(path.join(folder, name), 'utf8')
      .split(/\r?\n/)
      .forEach((line, index) => {
        const match = /^\s*(\S+?):\s*(.+)$/.exec(line);
        if (!match) return;
        const brands = parseLabels(match[2]!, `${folder}/${name}:${index + 1}`);
        labels.set(match[1]!, new Map(brands.map(({ brand, label }) => [brand, label])));
      });
  }
  return labels;
}

interface Tally {
  items: number;
  /** Items with a second label. */
  doubled: number;
  agreed: number;
  /** Confusion of first (rows) against second (columns) label, -1/0/1 as 0/1/2. */
  confusion: number[][];
}

const emptyTally = (): Tally => ({ items: 0, doubled: 0, agreed: 0, confusion: [[0, 0, 0], [0, 0, 0], [0, 0, 0]] });

function kappa(tally: Tally): number {
  const n = tally.doubled;
  if (n === 0) return 0;
  const observed = tally.agreed / n;
  let expected = 0;
  for (let label = 0; label < 3; label += 1) {
    const row = tally.confusion[label]!.reduce((sum, count) => sum + count, 0);
    const column = tally.confusion.reduce((sum, counts) => sum + counts[label]!, 0);
    expected += (row / n) * (column / n);
  }
  return (observed - expected) / (1 - expected);
}

const report: Record<string, unknown> = {};
const dropped: { id: string; brand: string; first: number; second: number | null; why: string }[] = [];
for (const split of ['train', 'heldout'] as const) {
  const lines: string[] = [];
  const tally = emptyTally();
  const kept = [0, 0, 0];
  const categories = new Set<string>();
  let passages = 0;
  for (const writer of splits[split]) {
    const written: CorpusPassage[] = readPassageFolder(path.join(CORPUS, 'passages', writer));
    const second = secondLabels(writer);
    passages += written.length;
    for (const passage of written) {
      categories.add(passage.category);
      for (const { brand, label } of passage.labels) {
        tally.items += 1;
        if (brandOccurrences(passage.text, brand).length === 0) {
          dropped.push({ id: passage.id, brand, first: label, second: null, why: 'brand not written in the passage' });
          continue;
        }
        const other = second.get(passage.id)?.get(brand);
        if (other === undefined) {
          dropped.push({ id: passage.id, brand, first: label, second: null, why: 'no second label' });
          continue;
        }
        tally.doubled += 1;
        tally.confusion[label + 1]![other + 1]! += 1;
        if (other !== label) {
          dropped.push({ id: passage.id, brand, first: label, second: other, why: 'labellers disagree' });
          continue;
        }
        tally.agreed += 1;
        kept[label + 1]! += 1;
        lines.push(rawLine(passage.text, brand), brand, String(label));
      }
    }
  }
  writeFileSync(path.join(CORPUS, `answers-${split}.raw`), lines.length > 0 ? `${lines.join('\n')}\n` : '');
  const figures = {
    writers: splits[split],
    passages,
    categories: categories.size,
    items: tally.items,
    doubleLabelled: tally.doubled,
    agreement: tally.doubled === 0 ? null : Math.round((tally.agreed / tally.doubled) * 1000) / 1000,
    kappa: Math.round(kappa(tally) * 1000) / 1000,
    confusionFirstBySecond: tally.confusion,
    kept: { total: kept[0]! + kept[1]! + kept[2]!, negative: kept[0], neutral: kept[1], positive: kept[2] },
  };
  report[split] = figures;
  console.log(`${split}: ${passages} passages, ${figures.categories} categories, ${tally.items} items; agreement ${figures.agreement} (kappa ${figures.kappa}) on ${tally.doubled}; kept ${figures.kept.total} (neg ${kept[0]} / neu ${kept[1]} / pos ${kept[2]})`);
}
report.dropped = dropped;
writeFileSync(path.join(CORPUS, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
