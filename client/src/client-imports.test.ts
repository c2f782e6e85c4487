import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The browser bundle may reach outside client/ only into contract/ (types and plain constants). An import of
 * core/, server/ or worker/ would pull server code, secrets' names and Node modules into the bundle.
 */
const clientSource = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = resolve(clientSource, '../..');
const relativeImport = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importsLeavingAllowedFolders(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(relativeImport)]
    .map((match) => relative(repositoryRoot, resolve(dirname(file), match[1]!)))
    .filter((target) => !target.startsWith('client/') && !target.startsWith('contract/'));
}

describe('client imports', () => {
  it('reach outside client/ only into contract/', () => {
    const offending = sourceFiles(clientSource).flatMap((file) =>
      importsLeavingAllowedFolders(file).map((target) => `${relative(repositoryRoot, file)} -> ${target}`),
    );
    expect(offending).toEqual([]);
  });
});
