import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folder READMEs are how a newcomer finds their way; one that forgets a folder sends them looking. Each folder
 * directly under `core/`, `server/`, `worker/` and `client/src/` is named in its README as `name/`, and each module of
 * `contract/` as `name.ts`.
 */
const root = path.resolve(import.meta.dirname, '../..');

function subfolders(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

function readme(folder: string): string {
  return readFileSync(path.join(root, folder, 'README.md'), 'utf8');
}

describe('the folder READMEs', () => {
  it.each(['core', 'server', 'worker'])('%s/README.md names every folder of %s/', (folder) => {
    const text = readme(folder);
    expect(subfolders(folder).filter((name) => !text.includes(`${name}/`))).toEqual([]);
  });

  it('client/README.md names every folder of client/src/', () => {
    const text = readme('client');
    expect(subfolders('client/src').filter((name) => !text.includes(`src/${name}/`))).toEqual([]);
  });

  it('contract/README.md names every module of contract/', () => {
    const text = readme('contract');
    const modules = readdirSync(path.join(root, 'contract')).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(modules.filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
  });
});
