import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featuredItems, figuresByFile, fitItems, predictItem } from '../../scripts/brand-model/training-set.ts';

/**
 * The analyser's accuracy is a number we keep, not a hope: fitted on a fixed 80% of the public SemEval-2014 training
 * files and scored on the other 20% (items whose position is a multiple of 5), the analyser must stay above a floor
 * a little under its cross-validated figures (laptops 0.700, restaurants 0.683 macro-F1). The data is not in the
 * repository (see docs/brand-analysis.md): it is read from the folder BRAND_TRAINING_DATA names, and without it
 * this check does not run (and is not counted as passed).
 */
const dataDirectory = process.env.BRAND_TRAINING_DATA ?? '';
const files = ['semeval14-laptops-train.raw', 'semeval14-restaurants-train.raw'].map((file) => path.join(dataDirectory, file));
const haveData = dataDirectory !== '' && files.every((file) => existsSync(file));

const FLOORS: Record<string, number> = { 'semeval14-laptops-train.raw': 0.66, 'semeval14-restaurants-train.raw': 0.64 };

describe.skipIf(!haveData)('the sentiment model on a fixed held-out split of the training files', () => {
  it('stays above its macro-F1 floor on each file', { timeout: 240_000 }, () => {
    const items = featuredItems(files);
    const model = fitItems(items.filter((_, index) => index % 5 !== 0));
    const predicted = new Map<number, number>();
    items.forEach((item, index) => {
      if (index % 5 === 0) predicted.set(index, predictItem(model, item));
    });
    const figures = figuresByFile(items, predicted);
    for (const [file, floor] of Object.entries(FLOORS)) {
      expect(figures[file]!.n).toBeGreaterThan(400);
      expect(figures[file]!.macroF1, file).toBeGreaterThanOrEqual(floor);
    }
  });
});
