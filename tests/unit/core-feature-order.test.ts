import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import featureGroups from '../../core/feature-groups.json' with { type: 'json' };

/**
 * The floors of core/ (drawn in docs/architecture.md): every feature folder stands in exactly one group, and no two
 * features import each other, however far round the loop runs. dependency-cruiser checks the order between groups
 * and the front doors; this checks what it cannot: that the list is complete and the feature graph has no loop.
 */
const root = resolve(import.meta.dirname, '../..');
const core = join(root, 'core');
const relativeImport = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const featureOf = (path: string): string | undefined => {
  const parts = relative(core, path).split('/');
  return parts.length > 1 && !parts[0]!.startsWith('..') ? parts[0] : undefined;
};

/** feature → the other features it imports. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(core)) {
    const from = featureOf(file);
    if (!from) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(relativeImport)) {
      const to = featureOf(resolve(dirname(file), match[1]!));
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** A loop of features, if there is one (depth-first search). */
function loopIn(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (feature: string): string[] | undefined => {
    if (state.get(feature) === 'done') return undefined;
    if (state.get(feature) === 'open') return [...path.slice(path.indexOf(feature)), feature];
    state.set(feature, 'open');
    path.push(feature);
    for (const next of graph.get(feature) ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    path.pop();
    state.set(feature, 'done');
    return undefined;
  };
  for (const feature of graph.keys()) {
    const loop = visit(feature);
    if (loop) return loop;
  }
  return undefined;
}

describe('the features of core/', () => {
  it('each stand in exactly one group', () => {
    const folders = readdirSync(core, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const listed = Object.values(featureGroups).flat();
    expect(folders.filter((folder) => !listed.includes(folder))).toEqual([]);
    expect(listed.filter((feature, index) => listed.indexOf(feature) !== index)).toEqual([]);
    expect(listed.filter((feature) => !folders.includes(feature))).toEqual([]);
  });

  it('import one another without a loop', () => {
    expect(loopIn(featureGraph())).toBeUndefined();
  });

  it('each have a front door', () => {
    const withoutDoor = Object.values(featureGroups)
      .flat()
      .filter((feature) => {
        try {
          return !readdirSync(join(core, feature)).includes('index.ts');
        } catch {
          return true;
        }
      });
    expect(withoutDoor).toEqual([]);
  });
});
