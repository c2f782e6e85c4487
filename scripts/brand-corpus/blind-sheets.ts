/**
 * `node --import tsx scripts/brand-corpus/blind-sheets.ts PASSAGE_FOLDER OUT_FOLDER`: the passages of one writer
 * for a second, blind labelling: each passage's question, its brands in alphabetical order and its text, without
 * the writer's labels. Written as sheets of 25 passages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readPassageFolder } from './corpus-passages.ts';

const [folder, out] = process.argv.slice(2);
if (!folder || !out) {
  console.error('usage: blind-sheets.ts PASSAGE_FOLDER OUT_FOLDER');
  process.exit(2);
}
const passages = readPassageFolder(folder);
mkdirSync(out, { recursive: true });
const SHEET = 25;
for (let start = 0; start < passages.length; start += SHEET) {
  const sheet = passages.slice(start, start + SHEET).map((passage) => {
    const brands = passage.labels.map((label) => label.brand).sort((left, right) => left.localeCompare(right));
    return `=== P ${passage.id}\nquestion: ${passage.question}\nbrands: ${brands.join(' ; ')}\n---\n${passage.text}\n`;
  });
  const name = `sheet-${String(start / SHEET + 1).padStart(2, '0')}.txt`;
  writeFileSync(path.join(out, name), sheet.join('\n'));
}
console.log(`${passages.length} passages in ${Math.ceil(passages.length / SHEET)} sheets`);
