/**
 * `npm run brand:train -- [--cv K] [--out FILE] DATA_FILE...`: fits the brand sentiment model on targeted-sentiment
 * files in the shared format and, with --out, writes the weights the analyser loads
 * (core/brand/sentiment/sentiment-model.json). With --cv, first prints K-fold cross-validated accuracy and
 * macro-F1 per file, and a JSON line of them. Deterministic: the same files give the same model.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { crossValidate, DEFAULT_FIT, featuredItems, fitItems } from './training-set.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { cv: { type: 'string' }, out: { type: 'string' }, epochs: { type: 'string' }, l2: { type: 'string' }, rate: { type: 'string' }, 'min-count': { type: 'string' }, prune: { type: 'string' } },
});
if (positionals.length === 0) {
  console.error('usage: npm run brand:train -- [--cv K] [--out FILE] DATA_FILE...');
  process.exit(2);
}
const options = {
  ...DEFAULT_FIT,
  ...(values.epochs ? { epochs: Number(values.epochs) } : {}),
  ...(values.l2 ? { l2: Number(values.l2) } : {}),
  ...(values.rate ? { learningRate: Number(values.rate) } : {}),
  ...(values['min-count'] ? { minCount: Number(values['min-count']) } : {}),
};
const items = featuredItems(positionals);

if (values.cv) {
  const folds = Number(values.cv);
  const figures = crossValidate(items, folds, options);
  for (const [file, { n, accuracy, macroF1 }] of Object.entries(figures)) console.log(`${file.padEnd(36)} n ${String(n).padStart(5)}   accuracy ${accuracy.toFixed(3)}   macro-F1 ${macroF1.toFixed(3)}`);
  console.log(JSON.stringify({ folds, options, figures }));
}

if (values.out) {
  const prune = Number(values.prune ?? 0.02);
  const model = fitItems(items, options);
  const weights: Record<string, number[]> = {};
  for (const name of [...model.weights.keys()].sort()) {
    const vector = model.weights.get(name)!;
    if (Math.max(...vector.map(Math.abs)) >= prune) weights[name] = vector.map((value) => Math.round(value * 1000) / 1000);
  }
  const digest = createHash('sha256').update(JSON.stringify(weights)).digest('hex').slice(0, 8);
  const stored = {
    version: `lr-${digest}`,
    trainedOn: [...new Set(positionals.map((file) => path.basename(file)))].sort(),
    options,
    intercepts: model.intercepts.map((value) => Math.round(value * 1000) / 1000),
    weights,
  };
  writeFileSync(values.out, `${JSON.stringify(stored)}\n`);
  console.log(`wrote ${values.out}: ${Object.keys(weights).length} features, version ${stored.version}`);
}
