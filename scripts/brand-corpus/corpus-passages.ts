import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The answer corpus as its writers wrote it: one file per batch, each passage a header (id, category, the user's
 * question, each brand's label) and the answer in markdown, as a chat model would give it:
 *
 *     === P w2-023
 *     category: project management software
 *     question: Which tool for our marketing team?
 *     labels: monday.com=1 ; ClickUp=0 ; Asana=-1
 *     ---
 *     <the answer, any number of lines>
 *
 * Labels: 1 the answer as a whole speaks well of the brand or steers the reader to it, -1 the reverse, 0 neither.
 */
export interface CorpusPassage {
  /** `<writer>-<number>`, e.g. `w2-023`. */
  id: string;
  writer: string;
  category: string;
  question: string;
  labels: { brand: string; label: -1 | 0 | 1 }[];
  text: string;
  /** Where it was read from, for error messages. */
  source: string;
}

const HEADER = /^=== P (\S+)\s*$/;

/** Every passage in the batch files of `folder` (`*.txt`, in name order). */
export function readPassageFolder(folder: string): CorpusPassage[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .flatMap((name) => readPassageFile(path.join(folder, name)));
}

export function readPassageFile(file: string): CorpusPassage[] {
  const lines = readFileSync(file, 'utf8').replace(/\r\n/g, '\n').split('\n');
  const passages: CorpusPassage[] = [];
  let index = 0;
  while (index < lines.length) {
    const header = HEADER.exec(lines[index]!);
    if (!header) {
      if (lines[index]!.trim() !== '') throw new Error(`${file}:${index + 1}: expected "=== P <id>", found ${JSON.stringify(lines[index])}`);
      index += 1;
      continue;
    }
    const at = `${file}:${index + 1}`;
    const fields = new Map<string, string>();
    index += 1;
    while (index < lines.length && lines[index]!.trim() !== '---') {
      const field = /^(\w+):\s*(.*)$/.exec(lines[index]!);
      if (!field) throw new Error(`${file}:${index + 1}: expected "name: value" or "---" in the header of ${header[1]}`);
      fields.set(field[1]!, field[2]!.trim());
      index += 1;
    }
    index += 1;
    const body: string[] = [];
    while (index < lines.length && !HEADER.test(lines[index]!)) body.push(lines[index++]!);
    const id = header[1]!;
    passages.push({
      id,
      writer: id.split('-')[0]!,
      category: required(fields, 'category', at),
      question: required(fields, 'question', at),
      labels: parseLabels(required(fields, 'labels', at), at),
      text: body.join('\n').trim(),
      source: at,
    });
  }
  return passages;
}

function required(fields: Map<string, string>, name: string, at: string): string {
  const value = fields.get(name);
  if (!value) throw new Error(`${at}: the passage has no "${name}:" line`);
  return value;
}

/** `Brand A=1 ; Brand B=-1` as brand and label pairs. */
export function parseLabels(line: string, at: string): CorpusPassage['labels'] {
  return line
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.lastIndexOf('=');
      const brand = part.slice(0, equals).trim();
      const label = Number(part.slice(equals + 1).trim());
      if (equals <= 0 || brand === '' || (label !== -1 && label !== 0 && label !== 1)) throw new Error(`${at}: "${part}" is not Brand=1, Brand=0 or Brand=-1`);
      return { brand, label: label as -1 | 0 | 1 };
    });
}

/**
 * Where `brand` is written in `text` as a name: the exact string, not inside a longer word ("Uber" is not in
 * "Uberization"); a possessive ("Asana's") still counts. Character offsets of each start.
 */
export function brandOccurrences(text: string, brand: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(brand); at !== -1; at = text.indexOf(brand, at + brand.length)) {
    const before = text[at - 1] ?? '';
    const after = text[at + brand.length] ?? '';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) found.push(at);
  }
  return found;
}

/** The passage with every occurrence of `brand` as `$T$`, line breaks as a literal `\n`: one line of a .raw file. */
export function rawLine(text: string, brand: string): string {
  const starts = brandOccurrences(text, brand);
  let line = '';
  let from = 0;
  for (const start of starts) {
    line += text.slice(from, start) + '$T$';
    from = start + brand.length;
  }
  line += text.slice(from);
  return line.replace(/\r?\n/g, '\\n');
}
