import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const config = path.join(root, '.dependency-cruiser.cjs');

function cruise(cwd: string, folders: string[]) {
  const result = spawnSync(depcruise, ['--config', config, '--output-type', 'err', ...folders], { cwd, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A throwaway tree laid out like ours, with the imports the rules must refuse. */
function treeWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'quorum-import-rules-'));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, noEmit: true } }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the import rules', () => {
  it('hold for the whole tree', () => {
    const { status, output } = cruise(root, ['contract', 'core', 'server', 'worker', 'client', 'scripts', 'benchmarks', 'simulator', 'migrations']);
    expect(output).not.toMatch(/error /);
    expect(status).toBe(0);
  }, 120_000);

  it('refuse a worker reaching into the server, core reaching up, the client reaching past the contract, and a cycle', () => {
    const dir = treeWith({
      'contract/shapes.ts': 'export type Shape = { id: string };\n',
      'core/rules.ts': "import { route } from '../server/route.ts';\nexport const rule = route;\n",
      'server/route.ts': "import type { Shape } from '../contract/shapes.ts';\nexport const route = (shape: Shape) => shape.id;\n",
      'worker/job.ts': "import { route } from '../server/route.ts';\nexport const job = route;\n",
      'client/view.ts': "import { rule } from '../core/rules.ts';\nexport const view = rule;\n",
      'core/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'core/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    made.push(dir);
    const { status, output } = cruise(dir, ['contract', 'core', 'server', 'worker', 'client']);
    expect(status).not.toBe(0);
    expect(output).toContain('worker-is-not-the-server');
    expect(output).toContain('core-below-the-doors');
    expect(output).toContain('client-speaks-the-contract');
    expect(output).toContain('no-cycles');
  }, 120_000);

  it('refuse a door reaching past a front door, one feature reaching inside another, and a feature importing a group above it', () => {
    const dir = treeWith({
      'core/credits/ledger.ts': 'export const balance = 1;\n',
      'core/credits/index.ts': "export { balance } from './ledger.ts';\n",
      'core/tracking/sets.ts': 'export const sets = 2;\n',
      'core/tracking/index.ts': "export { sets } from './sets.ts';\n",
      'core/requests/admission.ts': "import { balance } from '../credits/ledger.ts';\nexport const admit = balance;\n",
      'core/accounts/settings.ts': "import { sets } from '../tracking/index.ts';\nexport const settings = sets;\n",
      'server/route.ts': "import { balance } from '../core/credits/ledger.ts';\nexport const route = balance;\n",
    });
    made.push(dir);
    const { status, output } = cruise(dir, ['core', 'server']);
    expect(status).not.toBe(0);
    expect(output).toContain('front-doors-only: server/route.ts');
    expect(output).toContain('features-meet-at-front-doors: core/requests/admission.ts');
    expect(output).toContain('feature-order-ledger: core/accounts/settings.ts');
  }, 120_000);
});
