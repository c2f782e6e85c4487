import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID_PLACEHOLDER, BROWSER_STORAGE, SESSION_COOKIE as POLICY_SESSION_COOKIE } from '../../client/src/pages/legal/browser-storage-entries.ts';
import { storageKeys } from '../../client/src/storage/local-storage.ts';
import { SESSION_COOKIE } from '../../server/auth/session-cookie.ts';

/**
 * The cookie policy must name every key Quorum keeps in the browser and every cookie it sets. Keys are made in one
 * place (`client/src/storage/local-storage.ts`), the policy lists them from `browser-storage-entries.ts`, and these
 * checks read the sources so that a key added anywhere, or made up outside the storage module, fails here first.
 */

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const STORAGE_MODULE = 'client/src/storage/local-storage.ts';

function sourceFiles(directory: string): string[] {
  return readdirSync(join(repositoryRoot, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const read = (file: string) => readFileSync(join(repositoryRoot, file), 'utf8');

/** Each way a client file could keep something in the browser without going through `storageKeys`. */
const KEYS_MADE_ELSEWHERE: readonly [string, RegExp][] = [
  ['a key spelled out with the product prefix', /['"`]quorum\.|\$\{STORAGE_PREFIX\}/],
  [
    'a storage call given a literal key',
    /\b(?:getItem|setItem|removeItem|readStored|writeStored|removeStored|storedPreference|useLocalStorage|useSessionStorage|readLocalStorageValue|readSessionStorageValue)\s*(?:<[^>()]*>)?\(\s*(?:\{\s*key\s*:\s*)?['"`]/,
  ],
  ['storage written by index', /\b(?:localStorage|sessionStorage)\s*\[/],
  ['a cookie written by the page', /document\.cookie\s*=/],
  ['a colour scheme manager without the product key', /localStorageColorSchemeManager\(\s*(?!\{\s*key\s*:\s*storageKeys\.)/],
  // Without a manager of its own, Mantine keeps the theme under its own unlisted key.
  ['a MantineProvider that keeps the theme under Mantine’s default key', /<MantineProvider\b(?![^>]*\bcolorSchemeManager=)[^>]*>/],
];

/** What each entry of `storageKeys` is called in the browser, per-user keys with the policy's placeholder. */
const everyStorageKey = (): string[] =>
  Object.values(storageKeys).map((key) => (typeof key === 'function' ? key(ACCOUNT_ID_PLACEHOLDER) : key));

describe('the cookie policy', () => {
  it('lists every key of the storage module, and nothing the module does not make', () => {
    const listed = BROWSER_STORAGE.map((entry) => entry.key);
    expect(everyStorageKey().filter((key) => !listed.includes(key))).toEqual([]);
    expect(listed.filter((key) => !everyStorageKey().includes(key))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('finds no key made outside the storage module in the client', () => {
    const offending = sourceFiles('client/src')
      .filter((file) => file !== STORAGE_MODULE)
      .flatMap((file) => {
        const text = read(file);
        return KEYS_MADE_ELSEWHERE.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${relative('.', file)}: ${what}`);
      });
    expect(offending).toEqual([]);
  });

  it('names the one cookie the server sets', () => {
    expect(POLICY_SESSION_COOKIE).toBe(SESSION_COOKIE);
    const cookiesSet = sourceFiles('server').flatMap((file) => [...read(file).matchAll(/\.setCookie\(\s*([^,]+),/g)].map((match) => `${file}: ${match[1]!.trim()}`));
    expect(cookiesSet).toEqual(['server/auth/session-cookie.ts: SESSION_COOKIE']);
  });

  // The checks above read sources with patterns: each pattern must catch what it is there to catch.
  it.each([
    ["const KEY = 'quorum.newThing';", 'a key spelled out with the product prefix'],
    ['const KEY = `${STORAGE_PREFIX}tabs`;', 'a key spelled out with the product prefix'],
    ["sessionStorage.getItem('draft')", 'a storage call given a literal key'],
    ["readStored<boolean>('seen')", 'a storage call given a literal key'],
    ["useLocalStorage({ key: 'panel' })", 'a storage call given a literal key'],
    ["localStorage['x'] = '1'", 'storage written by index'],
    ["document.cookie = 'seen=1'", 'a cookie written by the page'],
    ['localStorageColorSchemeManager()', 'a colour scheme manager without the product key'],
    ['<MantineProvider theme={theme} defaultColorScheme="auto">', 'a MantineProvider that keeps the theme under Mantine’s default key'],
  ])('catches %s', (source, what) => {
    expect(KEYS_MADE_ELSEWHERE.filter(([, pattern]) => pattern.test(source)).map(([name]) => name)).toEqual([what]);
  });

  it.each([
    'readStored<User>(storageKeys.user)',
    'localStorageColorSchemeManager({ key: storageKeys.colorScheme })',
    '<MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>',
  ])('lets %s through', (source) => {
    expect(KEYS_MADE_ELSEWHERE.filter(([, pattern]) => pattern.test(source))).toEqual([]);
  });
});
