/**
 * `npm run brand:labels -- OUT.raw [--source person|judge|all]`: writes the verdicts people corrected and the
 * judge model made as labelled items in the shared three-line format, for `npm run brand:train -- DATA_DIR OUT.raw`.
 * Reads the same environment as the server (DATABASE_URL, …). Prints how many of each it wrote.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { labelledItemLines, labelledVerdicts } from '../core/brand/index.ts';
import { loadConfig } from '../core/config/index.ts';
import { openDatabase } from '../core/database/index.ts';
import { createLogger } from '../core/logging/index.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { source: { type: 'string', default: 'all' } } });
const [out] = positionals;
if (!out || !['person', 'judge', 'all'].includes(values.source)) {
  console.error('usage: npm run brand:labels -- OUT.raw [--source person|judge|all]');
  process.exit(2);
}

const config = loadConfig();
const orm = await openDatabase({ databaseUrl: config.databaseUrl, logger: createLogger(config, 'brand-labels'), poolSize: 2 });
const file = createWriteStream(out);
const written = { person: 0, judge: 0, skipped: 0 };
try {
  for await (const verdict of labelledVerdicts(orm.em.fork())) {
    if (values.source !== 'all' && verdict.source !== values.source) continue;
    const lines = labelledItemLines(verdict);
    if (lines === undefined) {
      written.skipped += 1;
      continue;
    }
    if (!file.write(lines)) await once(file, 'drain');
    written[verdict.source] += 1;
  }
} finally {
  file.end();
  await once(file, 'finish');
  await orm.close();
}
console.log(`Wrote ${written.person} corrected and ${written.judge} judged verdicts to ${out}; ${written.skipped} left out (brand not written in the answer).`);
console.log(JSON.stringify(written));
