import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, PROVIDER_IDS } from '../../core/config/config.ts';

/** Every variable the configuration reads must be documented in the README and passed by docker-compose. */
function variablesReadByConfiguration(): string[] {
  const source = readFileSync(path.join(PROJECT_ROOT, 'core/config/config.ts'), 'utf8');
  const named = [...source.matchAll(/read\.\w+\(\s*'([A-Z0-9_]+)'/g)].map((match) => match[1]!);
  const providers = PROVIDER_IDS.flatMap((id) => [`${id.toUpperCase()}_API_KEY`, `${id.toUpperCase()}_BASE_URL`]);
  return [...new Set([...named, ...providers])];
}

describe('configuration documentation', () => {
  const variables = variablesReadByConfiguration();

  it('finds the variables it checks', () => {
    expect(variables).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'REDIS_URL', 'APP_URL', 'APP_SECRET', 'OPENAI_BASE_URL']));
  });

  it('documents every variable in the README', () => {
    const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    expect(variables.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('passes every variable in docker-compose.yml', () => {
    const compose = readFileSync(path.join(PROJECT_ROOT, 'docker-compose.yml'), 'utf8');
    expect(variables.filter((name) => !new RegExp(`^\\s+${name}:`, 'm').test(compose))).toEqual([]);
  });
});
