/**
 * `npm run eval:brand -- FILE...`: how well the brand analyser the worker runs reads targeted sentiment, on files
 * in the shared three-line format (sentence with `$T$`, target, label). Each item is analysed exactly as an answer
 * is: `analyseBrandMention` with the target as the brand name and no keywords. Prints, per file, n, accuracy,
 * macro-F1, F1 per class, the confusion matrix and microseconds per item; the last line is one JSON object
 * `{"<file>": {"n", "accuracy", "macroF1", "usPerItem"}, …}`.
 */
import { performance } from 'node:perf_hooks';
import { SENTIMENTS, type Sentiment } from '../../contract/brand.ts';
import { analyseBrandMention } from '../../core/brand/index.ts';
import { readLabelledItems } from './labelled-items.ts';
import { scoreVerdicts } from './verdict-scores.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run eval:brand -- FILE...');
  process.exit(2);
}

const summary: Record<string, { n: number; accuracy: number; macroF1: number; usPerItem: number }> = {};
for (const file of files) {
  const items = readLabelledItems(file);
  const predicted: Sentiment[] = [];
  const started = performance.now();
  for (const item of items) predicted.push(analyseBrandMention({ text: item.text, sources: [], config: { brandName: item.target } }).sentiment);
  const usPerItem = ((performance.now() - started) * 1000) / Math.max(1, items.length);
  const scores = scoreVerdicts(items.map((item) => item.label), predicted);

  console.log(`\n${file}`);
  console.log(`  n ${items.length}   accuracy ${scores.accuracy.toFixed(3)}   macro-F1 ${scores.macroF1.toFixed(3)}   ${usPerItem.toFixed(1)} µs per item`);
  console.log(`  F1   ${SENTIMENTS.map((label) => `${label} ${scores.f1[label].toFixed(3)}`).join('   ')}`);
  console.log(`  confusion (rows: labelled, columns: predicted ${SENTIMENTS.join(' / ')})`);
  for (const label of SENTIMENTS) console.log(`    ${label.padEnd(9)} ${SENTIMENTS.map((column) => String(scores.confusion[label][column]).padStart(6)).join('')}`);
  summary[file] = { n: items.length, accuracy: round(scores.accuracy), macroF1: round(scores.macroF1), usPerItem: round(usPerItem) };
}
console.log(JSON.stringify(summary));

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
