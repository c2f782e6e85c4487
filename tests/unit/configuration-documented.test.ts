import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, PROVIDER_IDS } from '../../core/config/config.ts';

/**
 * Every environment variable the code reads must be named in docs/configuration.md, and every variable the
 * configuration loader reads must also be passed by docker-compose. The code is searched, not a list kept by hand,
 * so a new variable cannot slip in undocumented.
 */
const CONFIGURATION_PAGE = 'docs/configuration.md';

/** Folders holding code that runs (or tests what runs); their own variables count as much as the server's. */
const CODE_FOLDERS = ['contract', 'core', 'server', 'worker', 'client', 'simulator', 'scripts', 'benchmarks', 'tests'];
const CODE_FILE = /\.(ts|tsx|mts|js|mjs|cjs|sh)$/;
/** The shell's and the operating system's own variables, which Quorum only passes along. */
const SYSTEM_VARIABLES = new Set(['PATH', 'HOME', 'TMPDIR', 'BASH_SOURCE']);

function codeFiles(folder: string): string[] {
  const entries = readdirSync(path.join(PROJECT_ROOT, folder), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && CODE_FILE.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The names `loadConfig` reads: the `read.<kind>('NAME'` calls in core/config/, plus each provider's key and base URL. */
function variablesReadByConfiguration(): string[] {
  const source = codeFiles('core/config')
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const named = [...source.matchAll(/read\.\w+\(\s*'([A-Z0-9_]+)'/g)].map((match) => match[1]!);
  const providers = PROVIDER_IDS.flatMap((id) => [`${id.toUpperCase()}_API_KEY`, `${id.toUpperCase()}_BASE_URL`]);
  return [...new Set([...named, ...providers])];
}

/**
 * Names read straight from the environment anywhere else: `process.env.NAME`, `process.env['NAME']`, an
 * environment object handed in (`environment.NAME`), and a shell script's `${NAME:-default}`.
 */
const DIRECT_READS = [
  /process\.env\.([A-Z][A-Z0-9_]*)/g,
  /process\.env\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
  /\benvironment\.([A-Z][A-Z0-9_]*)\b/g,
  /\$\{([A-Z][A-Z0-9_]*):-/g,
];

function variablesReadDirectly(): string[] {
  // This file names the patterns in its comments; it reads no variable of its own.
  const files = [...CODE_FOLDERS.flatMap(codeFiles), path.join(PROJECT_ROOT, 'quorum')].filter((file) => file !== import.meta.filename);
  const names = files.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    return DIRECT_READS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
  });
  return [...new Set(names)].filter((name) => !SYSTEM_VARIABLES.has(name)).sort();
}

function undocumented(names: string[]): string[] {
  const page = readFileSync(path.join(PROJECT_ROOT, CONFIGURATION_PAGE), 'utf8');
  return names.filter((name) => !page.includes(`\`${name}\``));
}

describe('configuration documentation', () => {
  const configured = variablesReadByConfiguration();
  const direct = variablesReadDirectly();

  it('finds the variables it checks', () => {
    expect(configured).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'REDIS_URL', 'APP_URL', 'APP_SECRET', 'OPENAI_BASE_URL']));
    // One of each way of reading: a module constant, a test setting, the MCP bridge's settings, a shell default.
    expect(direct).toEqual(expect.arrayContaining(['QUORUM_STAGE_TRACE', 'FUZZ_SEED', 'QUORUM_API_KEY', 'QUORUM_CACHE_DIR']));
  });

  it(`documents every variable the configuration loader reads in ${CONFIGURATION_PAGE}`, () => {
    expect(undocumented(configured)).toEqual([]);
  });

  it(`documents every variable read anywhere else in the code in ${CONFIGURATION_PAGE}`, () => {
    expect(undocumented(direct)).toEqual([]);
  });

  it('passes every configuration variable in docker-compose.yml', () => {
    const compose = readFileSync(path.join(PROJECT_ROOT, 'docker-compose.yml'), 'utf8');
    expect(configured.filter((name) => !new RegExp(`^\\s+${name}:`, 'm').test(compose))).toEqual([]);
  });
});
