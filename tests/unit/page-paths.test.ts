import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config/config.ts';
import { isPagePath, PAGE_PATHS } from '../../contract/page-paths.ts';

/** The paths `client/src/router.tsx` declares: `path: '/x'` and the `['/x', () => import(…)]` tables. */
function routerPaths(): string[] {
  const source = readFileSync(path.join(PROJECT_ROOT, 'client/src/router.tsx'), 'utf8');
  const declared = [...source.matchAll(/path: '([^']+)'/g), ...source.matchAll(/\['(\/[^']*)', \(\) => import/g)].map((match) => match[1]!);
  return [...new Set(declared)].sort();
}

describe('the pages the server answers with 200', () => {
  it('are exactly the routes the client declares', () => {
    expect(routerPaths()).toEqual([...PAGE_PATHS].sort());
  });

  it('match a page, its trailing slash and any token, and nothing else', () => {
    expect(['/', '/pricing', '/pricing/', '/share/abc', '/verify-email'].every(isPagePath)).toBe(true);
    expect(['/pricing/x', '/share', '/share/a/b', '/nope', '/Pricing'].some(isPagePath)).toBe(false);
  });
});
