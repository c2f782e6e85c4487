/**
 * `node --import tsx scripts/brand-model/dump-mentions.ts OUT.jsonl DATA_FILE...`: writes every labelled item's
 * mentions as the analyser reads them (see mention-dump.ts), for the python trainer.
 */
import { writeFileSync } from 'node:fs';
import { mentionDumpLines } from './mention-dump.ts';

const [out, ...files] = process.argv.slice(2);
if (!out || files.length === 0) {
  console.error('usage: dump-mentions.ts OUT.jsonl DATA_FILE...');
  process.exit(2);
}
writeFileSync(out, [...mentionDumpLines(files)].join(''));
