import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where Quorum finds its own files, whether it runs from source under tsx or compiled by `npm run build`.
 *
 * From source this module is `core/config/project-files.ts`; compiled, it is bundled into every entry file in one flat
 * directory, `dist/node/` (esbuild then defines `QUORUM_COMPILED`). Both lie two directories below the checkout, so
 * the project root is found the same way. The data files read at run time are copied by the build into that directory
 * under their source paths, so a compiled install needs `dist/` and `node_modules`, not the sources.
 */
declare const QUORUM_COMPILED: boolean | undefined;

/** True in the compiled build, false under tsx (where the identifier is not defined at all). */
export const RUNNING_COMPILED = typeof QUORUM_COMPILED === 'boolean' && QUORUM_COMPILED;

const thisDirectory = path.dirname(fileURLToPath(import.meta.url));

export const PROJECT_ROOT = path.resolve(thisDirectory, '..', '..');

/** Where the compiled entry files are: the running build's own directory, or where `npm run build` puts them. */
export const COMPILED_DIRECTORY = RUNNING_COMPILED ? thisDirectory : path.join(PROJECT_ROOT, 'dist', 'node');

/** Files read from disk at run time that the build copies next to the compiled entries (paths from the root). */
export const SHIPPED_DATA_FILES = [
  'core/brand/common-words.txt',
  'core/brand/sentiment/sentiment-model.json',
  'core/brand/sentiment/context-reader.json',
  'core/brand/sentiment/context-reader-vectors.bin',
  'core/catalogue/model-catalogue.json',
  'core/payments/payment-catalogue.json',
] as const;

/**
 * The absolute path of a data file named relative to the project root (an absolute name is kept). Compiled, the
 * files the build carries come from its copies, so the defaults (and docker-compose's explicit defaults) work in an
 * image holding only `dist/`; anything else, an operator's own catalogue say, stays relative to the root.
 */
export function dataFilePath(name: string): string {
  if (path.isAbsolute(name)) return name;
  const normalised = path.posix.normalize(name.split(path.sep).join('/'));
  const shipped = (SHIPPED_DATA_FILES as readonly string[]).includes(normalised);
  return path.resolve(RUNNING_COMPILED && shipped ? COMPILED_DIRECTORY : PROJECT_ROOT, name);
}
