import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a browser must download before the home page can paint: the entry script in the built
 * `index.html` and every chunk it preloads (`<link rel="modulepreload">`), gzipped at level 9 as a CDN would serve
 * them. Lazily loaded chunks (comparison view, modals, the markdown renderer) are listed separately.
 *
 *   npm run bench:bundle            (after `npm run build`; CLIENT_DIST_DIR picks another build)
 */

export const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

export interface BundleReport {
  initial: { file: string; gzipBytes: number }[];
  lazy: { file: string; gzipBytes: number }[];
  initialGzipBytes: number;
}

export async function measureClientBundle(distDirectory: string): Promise<BundleReport> {
  const html = await readFile(path.join(distDirectory, 'index.html'), 'utf8');
  const initialFiles = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) initialFiles.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) initialFiles.add(match[1]!);

  const gzipped = async (file: string) => gzipSync(await readFile(path.join(distDirectory, file)), { level: 9 }).length;
  const initial = await Promise.all([...initialFiles].map(async (file) => ({ file, gzipBytes: await gzipped(file.replace(/^\//, '')) })));
  const { readdir } = await import('node:fs/promises');
  const allScripts = (await readdir(path.join(distDirectory, 'assets'))).filter((file) => file.endsWith('.js')).map((file) => `/assets/${file}`);
  const lazy = await Promise.all(
    allScripts.filter((file) => !initialFiles.has(file)).map(async (file) => ({ file, gzipBytes: await gzipped(file.replace(/^\//, '')) })),
  );
  return { initial, lazy, initialGzipBytes: initial.reduce((sum, entry) => sum + entry.gzipBytes, 0) };
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDirectory = path.resolve(process.env.CLIENT_DIST_DIR ?? fileURLToPath(new URL('../dist/client', import.meta.url)));
  const report = await measureClientBundle(distDirectory);
  console.log('Initial JavaScript of the home page (gzip -9):');
  for (const entry of report.initial.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`  ${kilobytes(entry.gzipBytes).padStart(9)}  ${entry.file}`);
  console.log(`  ${kilobytes(report.initialGzipBytes).padStart(9)}  total (budget ${kilobytes(INITIAL_JS_BUDGET_BYTES)})`);
  console.log('Loaded later, on demand:');
  for (const entry of report.lazy.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`  ${kilobytes(entry.gzipBytes).padStart(9)}  ${entry.file}`);
  if (report.initialGzipBytes > INITIAL_JS_BUDGET_BYTES) process.exitCode = 1;
}
