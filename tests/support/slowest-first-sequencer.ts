import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A test order that starts the named files first, in the order given, then the rest in vitest's own order. With two
 * workers, a three-minute file started last runs on alone while the other worker sits idle; started first, it
 * overlaps everything else. Vitest orders by the last run's durations when it has them, but a clean clone (as in CI)
 * has none, and it then falls back to file size, which says little about how long a browser test takes.
 */
export function slowestFirst(slowestFiles: readonly string[]): typeof BaseSequencer {
  const rank = (specification: TestSpecification) => {
    const index = slowestFiles.findIndex((file) => specification.moduleId.endsWith(file));
    return index === -1 ? slowestFiles.length : index;
  };
  return class SlowestFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const ordered = await super.sort(files);
      // Array.prototype.sort is stable: files not named keep vitest's order.
      return ordered.sort((a, b) => rank(a) - rank(b));
    }
  };
}
