import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config/config.ts';

/**
 * The README is a newcomer's first page: short enough to read in one sitting, with the details in docs/. These
 * checks keep it that way as features are added.
 */
const README_MAX_LINES = 250;
const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');

describe('README', () => {
  it(`stays within ${README_MAX_LINES} lines`, () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links only to files that exist in the repository', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/.test(target));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((target) => !existsSync(path.join(PROJECT_ROOT, target)))).toEqual([]);
  });

  it('names the two commands a newcomer needs, and CI still runs the second', () => {
    expect(readme).toContain('./quorum start');
    expect(readme).toContain('./quorum test');
    expect(readFileSync(path.join(PROJECT_ROOT, '.ci/run'), 'utf8')).toMatch(/^exec \.\/quorum test$/m);
  });
});
