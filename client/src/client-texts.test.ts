import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HTTP_ERROR_TEXTS } from '../../contract/client-error-texts.ts';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import {
  BRAND_MONITORING_NEEDS_REGISTRATION,
  REGISTER_FOR_WEB_SEARCH,
  REGISTER_TO_UNLOCK,
  TIER_LABELS,
  UPGRADE_FOR_ALL_MODELS,
} from '../../contract/tier-rules.ts';

/**
 * The page speaks the contract's words: an error text, a tier prompt or a tier's name written again in the client
 * drifts the day the contract changes (a timeout once read "Request timeout." in one place and "Request timed out"
 * in another). Texts short enough to be ordinary words ("Not found") are left out.
 */
const clientSource = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = resolve(clientSource, '../..');

const contractTexts = [
  ...Object.values(ERROR_CODES).map((entry) => entry.message),
  ...Object.values(HTTP_ERROR_TEXTS),
  REGISTER_TO_UNLOCK,
  UPGRADE_FOR_ALL_MODELS,
  REGISTER_FOR_WEB_SEARCH,
  BRAND_MONITORING_NEEDS_REGISTRATION,
].filter((text) => text.length >= 16);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The file's code without its comments, which may quote a text to explain it. */
function codeOf(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

describe('client texts', () => {
  it('come from contract/ rather than being written again', () => {
    const restated = sourceFiles(clientSource).flatMap((file) => {
      const code = codeOf(file);
      return contractTexts.filter((text) => code.includes(text)).map((text) => `${relative(repositoryRoot, file)}: "${text}"`);
    });
    expect(restated).toEqual([]);
  });

  it('name tiers as the contract does', () => {
    const labels = Object.values(TIER_LABELS);
    const restated = sourceFiles(clientSource).filter((file) =>
      labels.some((label) => new RegExp(`['"]${label}['"]\\s*[,}]`).test(codeOf(file)) && /registered:|subscribed:/.test(codeOf(file))),
    );
    expect(restated.map((file) => relative(repositoryRoot, file))).toEqual([]);
  });
});
