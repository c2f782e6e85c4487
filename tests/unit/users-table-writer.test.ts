import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The `users` table has one writer, `core/accounts/`: a route or job that created, changed or deleted accounts by
 * itself would slip past the rules kept there (a pre-registered address taken over by Google sign-in, a password
 * set without ending the other ways in). Reading is anyone's.
 */
const root = path.resolve(import.meta.dirname, '../..');
const WRITES = [/create\(\s*User\b/, /nativeDelete\(\s*User\b/, /nativeUpdate\(\s*User\b/, /\b(insert\s+into|update|delete\s+from)\s+users\b/i];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'))
    .map((name) => path.join(folder, name));
}

describe('the users table', () => {
  it('is written only by core/accounts/', () => {
    const writers = ['core', 'server', 'worker', 'scripts']
      .flatMap(sourceFiles)
      .filter((file) => !file.startsWith(`core${path.sep}accounts${path.sep}`))
      .filter((file) => WRITES.some((pattern) => pattern.test(readFileSync(path.join(root, file), 'utf8'))));
    expect(writers).toEqual([]);
  });
});
