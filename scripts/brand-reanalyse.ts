/**
 * `npm run brand:reanalyse [-- --batch-size N] [-- --include-judged]`: re-analyses the stored brand results made by
 * an older local analyser (or before the analyser was recorded) with the current one, from the stored answers,
 * and records its version on each. Safe to stop and run again; a second run finds nothing to do. Results a judge
 * model decided are kept unless `--include-judged`. Reads the same environment as the server (DATABASE_URL, …).
 */
import { parseArgs } from 'node:util';
import { LOCAL_ANALYSER_VERSION, reanalyseStoredMentions } from '../core/brand/index.ts';
import { loadConfig } from '../core/config/index.ts';
import { openDatabase } from '../core/database/index.ts';
import { createLogger } from '../core/logging/index.ts';

const { values } = parseArgs({
  options: { 'batch-size': { type: 'string', default: '500' }, 'include-judged': { type: 'boolean', default: false } },
});
const batchSize = Number(values['batch-size']);
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
  console.error(`--batch-size must be a whole number from 1 to 10000 (got "${values['batch-size']}")`);
  process.exit(2);
}

const config = loadConfig();
const orm = await openDatabase({ databaseUrl: config.databaseUrl, logger: createLogger(config, 'brand-reanalyse'), poolSize: 2 });
try {
  const progress = await reanalyseStoredMentions(orm.em.fork(), {
    batchSize,
    includeJudged: values['include-judged'],
    onBatch: ({ reanalysed, skipped }) => console.log(`… ${reanalysed} re-analysed, ${skipped} skipped so far`),
  });
  console.log(`Re-analysed ${progress.reanalysed} stored brand results with the local analyser ${LOCAL_ANALYSER_VERSION}; ${progress.skipped} skipped (answer or brand config gone).`);
  console.log(JSON.stringify({ analyserVersion: LOCAL_ANALYSER_VERSION, ...progress }));
} finally {
  await orm.close();
}
