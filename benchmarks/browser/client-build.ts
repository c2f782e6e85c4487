import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The built client the server will serve: `CLIENT_DIST_DIR` when set (as the server reads it), else `dist/client`.
 * The benchmark measures a build, it does not make one: only when there is none at all is it built (once, with the
 * project's Vite config), so a fresh checkout still runs.
 */
export async function builtClientDirectory(progress: (message: string) => void): Promise<string> {
  const directory = path.resolve(PROJECT_ROOT, process.env.CLIENT_DIST_DIR ?? 'dist/client');
  if (existsSync(path.join(directory, 'index.html'))) return directory;
  progress(`no client build in ${directory}: building it (npm run build does the same)`);
  const { build } = await import('vite');
  await build({ configFile: path.join(PROJECT_ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: directory } });
  return directory;
}
