import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mentionDumpLines } from '../../scripts/brand-model/mention-dump.ts';

/**
 * The analyser's accuracy is a number we keep, not a hope: the shipped model's own recipe (train_model.py, sparse
 * weights only) fitted on a fixed 80% of the public training files and scored on the other 20% (items whose
 * position is a multiple of 5), with the analyser's verdict rule, must stay above a floor a little under its figures
 * on that split (laptops 0.697, restaurants 0.672, Twitter 0.602 macro-F1). The data is not in the repository (see
 * docs/brand-analysis.md): it is read from the folder BRAND_TRAINING_DATA names, and the trainer needs python3 with
 * torch; without either this check does not run (and is not counted as passed).
 */
const dataDirectory = process.env.BRAND_TRAINING_DATA ?? '';
const FLOORS: Record<string, number> = { 'semeval14-laptops-train.raw': 0.67, 'semeval14-restaurants-train.raw': 0.65, 'twitter-dong2014-train.raw': 0.58 };
const files = Object.keys(FLOORS).map((file) => path.join(dataDirectory, file));
const haveData = dataDirectory !== '' && files.every((file) => existsSync(file));

function torchPython(): string | null {
  try {
    return execFileSync('bash', ['scripts/brand-model/torch-python.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}
const python = haveData ? torchPython() : null;
const work = mkdtempSync(path.join(tmpdir(), 'brand-floor-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(!haveData || python === null)('the sentiment model on a fixed held-out split of the training files', () => {
  it('stays above its macro-F1 floor on each file', { timeout: 600_000 }, () => {
    const mentions = path.join(work, 'mentions.jsonl');
    writeFileSync(mentions, [...mentionDumpLines(files)].join(''));
    const output = execFileSync(python!, ['scripts/brand-model/train_model.py', mentions, '--cv', '5', '--folds-only', '1'], { encoding: 'utf8' });
    const { figures } = JSON.parse(output.trim().split('\n').at(-1)!) as { figures: Record<string, { n: number; macroF1: number }> };
    for (const [file, floor] of Object.entries(FLOORS)) {
      expect(figures[file]!.n).toBeGreaterThan(400);
      expect(figures[file]!.macroF1, file).toBeGreaterThanOrEqual(floor);
    }
  });
});
