import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../contract/ask.ts';
import type { BrandMention } from '../../contract/brand.ts';
import { findBrandMention } from '../../core/brand/stored-brand-mentions.ts';
import { LOCAL_ANALYSER_VERSION } from '../../core/brand/targeted-sentiment.ts';
import { PROJECT_ROOT } from '../../core/config/config.ts';
import { SEARCH_BODY, THREE_MODELS } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * `npm run brand:reanalyse` against a real database: stored results made by an older analyser (or before the
 * analyser was recorded) are analysed again from their stored answers, in batches, and a second run finds nothing
 * to do; a judge's verdict is kept unless asked.
 */

let stack: TestStack;
const ZENTROVIA: BrandConfig = { brandName: 'Zentrovia', websiteUrl: 'https://zentrovia.example', keywords: [], competitors: ['Globexa'] };
let runIds: string[];
let current: Map<string, BrandMention>;

beforeAll(async () => {
  stack = await startTestStack();
  const compared = await stack.ask({ query: 'Zentrovia is great, and better than Globexa. [[simulate echo=1]]', models: THREE_MODELS, brandMonitoringEnabled: true, brandConfig: ZENTROVIA }, { path: '/api/compare/stream' });
  const single = await stack.ask({ ...SEARCH_BODY, query: 'How do ocean tides work?', brandMonitoringEnabled: true, brandConfig: ZENTROVIA });
  runIds = [...compared.events, ...single.events].map((event) => event.data.runId).filter((id): id is string => typeof id === 'string');
  runIds = [...new Set(runIds)];
  current = new Map();
  for (const runId of runIds) current.set(runId, (await findBrandMention(stack.records(), runId))!);
});

afterAll(async () => {
  await stack?.close();
});

async function reanalyse(...args: string[]): Promise<{ reanalysed: number; skipped: number; analyserVersion: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts/brand-reanalyse.ts'), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...stack.environment },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as never;
}

const setRow = (runId: string, assignments: string, parameters: unknown[] = []) =>
  stack.records().execute(`update brand_mentions set ${assignments} where run_id = ?`, [...parameters, runId]);

describe('npm run brand:reanalyse', () => {
  // Three runs of the script, each a fresh Node process that loads the analyser's model: about 10 s apiece on a busy
  // machine, so the default 30 s is too little.
  it('re-analyses results of an older analyser in batches, records the version, and is a no-op the second time; judged results are kept unless asked', { timeout: 120_000 }, async () => {
    expect(runIds).toHaveLength(4);
    const [unrecorded, older, judged, missed] = runIds as [string, string, string, string];
    expect(current.get(unrecorded)).toMatchObject({ mentioned: true, analyser: { kind: 'local', version: LOCAL_ANALYSER_VERSION } });
    // As an older analyser would have left them: wrong verdicts, no evidence, no (or an old) version.
    await setRow(unrecorded, `analyser = null, evidence = null, sentiment = 'negative', positions = '[]'`);
    await setRow(older, `analyser = ?, evidence = null, sentiment = 'negative', competitors = '[]'`, [JSON.stringify({ kind: 'local', version: '0.0.1' })]);
    await setRow(missed, `analyser = null, cited_domains = '["stale.example"]'`);
    const judgedBy = { kind: 'judge', version: '0.0.1', model: 'openai/gpt-4.1-mini' };
    await setRow(judged, `analyser = ?, recommendation = 'recommended', judge_reason = 'It says so.', sentiment = 'positive'`, [JSON.stringify(judgedBy)]);

    expect(await reanalyse('--batch-size', '1')).toEqual({ analyserVersion: LOCAL_ANALYSER_VERSION, reanalysed: 3, skipped: 0 });
    for (const runId of [unrecorded, older, missed]) expect(await findBrandMention(stack.records(), runId)).toEqual(current.get(runId));
    expect(await findBrandMention(stack.records(), judged)).toMatchObject({ analyser: judgedBy, recommendation: 'recommended', judgeReason: 'It says so.' });

    expect(await reanalyse()).toMatchObject({ reanalysed: 0, skipped: 0 });

    expect(await reanalyse('--include-judged')).toMatchObject({ reanalysed: 1 });
    expect(await findBrandMention(stack.records(), judged)).toEqual(current.get(judged));
  });

  it('refuses a batch size that is not a whole number', { timeout: 60_000 }, async () => {
    await expect(reanalyse('--batch-size', 'lots')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--batch-size must be a whole number') });
  });
});
