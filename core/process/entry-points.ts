import path from 'node:path';
import { COMPILED_DIRECTORY, PROJECT_ROOT, RUNNING_COMPILED } from '../config/index.ts';

/**
 * The programs Quorum runs as processes of their own, by source file, with the file `npm run build` compiles each
 * into (all in `COMPILED_DIRECTORY`). The build reads this list, so an entry added here is compiled too.
 */
export const ENTRY_POINTS = {
  'server/main.ts': 'server.js',
  'worker/main.ts': 'worker.js',
  'scripts/start-all.ts': 'start-all.js',
  'scripts/brand-reanalyse.ts': 'brand-reanalyse.js',
  'scripts/credits-grant.ts': 'credits-grant.js',
  'scripts/quorum-mcp-stdio.ts': 'quorum-mcp-stdio.js',
} as const;

export type EntryPoint = keyof typeof ENTRY_POINTS;

/**
 * The arguments for `node` that run an entry point: its compiled file in `compiledDirectory` when one is given (by
 * default when the caller is itself compiled, so a compiled launcher starts compiled children from its own build),
 * otherwise its source through tsx.
 */
export function nodeArgumentsFor(
  entry: EntryPoint | (string & {}),
  compiledDirectory: string | undefined = RUNNING_COMPILED ? COMPILED_DIRECTORY : undefined,
): string[] {
  const compiledFile: string | undefined = ENTRY_POINTS[entry as EntryPoint];
  if (compiledFile === undefined) throw new Error(`${entry} is not one of the entry points the build compiles`);
  if (compiledDirectory !== undefined) return ['--enable-source-maps', path.join(compiledDirectory, compiledFile)];
  return ['--import', 'tsx', path.join(PROJECT_ROOT, entry)];
}
