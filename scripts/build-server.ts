/**
 * `npm run build:server`: compiles the server, the worker, the launcher and the operator scripts (`ENTRY_POINTS`)
 * into `dist/node/`, so production runs plain `node` without compiling TypeScript at every start. Our code is bundled,
 * one file per entry; packages stay in node_modules. The data files read at run time are copied alongside.
 *
 *   node --import tsx scripts/build-server.ts [--out dist/node]
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { PROJECT_ROOT, SHIPPED_DATA_FILES } from '../core/config/index.ts';
import { ENTRY_POINTS } from '../core/process/index.ts';

/**
 * Builds into `outDirectory`. The compiled code takes the directory two levels up as the project root (as `dist/node`
 * is in a checkout or an image): node_modules and the client build are found from there.
 */
export async function buildServer(outDirectory = path.join(PROJECT_ROOT, 'dist', 'node')): Promise<void> {
  rmSync(outDirectory, { recursive: true, force: true });
  await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: Object.entries(ENTRY_POINTS).map(([source, compiled]) => ({ in: source, out: compiled.replace(/\.js$/, '') })),
    outdir: outDirectory,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    // Class names appear in logs and errors (and MikroORM reads them); keep them as written.
    keepNames: true,
    define: { QUORUM_COMPILED: 'true' },
    logLevel: 'warning',
  });
  for (const file of SHIPPED_DATA_FILES) {
    const target = path.join(outDirectory, file);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(PROJECT_ROOT, file), target);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(PROJECT_ROOT, 'scripts', 'build-server.ts')) {
  const outFlag = process.argv.indexOf('--out');
  const outDirectory = outFlag === -1 ? path.join(PROJECT_ROOT, 'dist', 'node') : path.resolve(process.argv[outFlag + 1]!);
  const started = performance.now();
  await buildServer(outDirectory);
  console.log(`compiled ${Object.keys(ENTRY_POINTS).length} entry points into ${outDirectory} in ${Math.round(performance.now() - started)} ms`);
}
