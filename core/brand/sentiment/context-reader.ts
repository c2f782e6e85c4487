import { existsSync, readFileSync } from 'node:fs';
import { dataFilePath } from '../../config/index.ts';
import { CONTEXT_REACH, nearBounds, TARGET_WORD, windowDistances } from './context-window.ts';
import type { Token } from './tokens.ts';

/**
 * The context reader: the words around a mention, in order, as word vectors (GloVe 6B 100-d, fine-tuned on the
 * training files and the answer corpus) with each word's distance from the brand, through one width-3 convolution,
 * max- and nearness-pooled, to three class scores. Its share of a mention's scores is stored with it (`weight`).
 *
 * Fitted by train_model.py (--vectors, --out-reader) and stored beside this file: context-reader.json (vocabulary,
 * distance embeddings, convolution and output layer) and context-reader-vectors.bin (per word a float32 scale,
 * then per word its dimensions as int8). Read once per process, offline.
 *
 * Why it is fast enough for the worker: a word's part in each filter at each of the three kernel taps depends on the
 * word alone, so it is computed the first time the word is read and kept (192 numbers a word); a mention's
 * convolution is then additions only.
 */
interface StoredReader {
  version: string;
  dimensions: number;
  filters: number;
  weight: number;
  words: string[];
  distance: number[][];
  /** [filter][input channel][tap]: the word's dimensions first, then the distance embedding's. */
  convWeight: number[][][];
  convBias: number[];
  outWeight: number[][];
  outBias: number[];
}

const TAPS = 3;

const UNKNOWN = 1;

export class ContextReader {
  readonly version: string;
  /** The reader's share of a mention's scores, as it was fitted. */
  readonly weight: number;
  private readonly index: Map<string, number>;
  private readonly filters: number;
  private readonly dimensions: number;
  private readonly scales: Float32Array;
  private readonly values: Int8Array;
  /** [filter][dimension][tap] flattened, for the words' parts. */
  private readonly wordKernel: Float32Array;
  /** Per distance bucket: its part in each filter at each tap, [distance][tap][filter]. */
  private readonly distanceParts: Float64Array;
  private readonly convBias: Float32Array;
  private readonly outWeight: Float32Array;
  private readonly outBias: Float32Array;
  /** Per word id: its part at each tap in each filter, [tap][filter], made on first use. */
  private readonly wordParts: (Float64Array | undefined)[] = [];
  private readonly maxPool: Float64Array;
  private readonly nearPool: Float64Array;
  private readonly activation: Float64Array;
  /** Per text read, its tokens' word ids. */
  private readonly tokenIds = new WeakMap<readonly Token[], Int32Array>();
  private readonly targetId: number;

  constructor(stored: StoredReader, vectors: Buffer) {
    this.version = stored.version;
    this.weight = stored.weight;
    this.filters = stored.filters;
    this.dimensions = stored.dimensions;
    this.index = new Map(stored.words.map((word, id) => [word, id]));
    this.targetId = this.index.get(TARGET_WORD) ?? UNKNOWN;
    const count = stored.words.length;
    this.scales = new Float32Array(vectors.buffer.slice(vectors.byteOffset, vectors.byteOffset + count * 4));
    this.values = new Int8Array(vectors.buffer.slice(vectors.byteOffset + count * 4, vectors.byteOffset + count * 4 + count * this.dimensions));
    const { filters, dimensions } = this;
    const distanceWidth = stored.distance[0]!.length;
    this.wordKernel = new Float32Array(filters * dimensions * TAPS);
    this.distanceParts = new Float64Array(stored.distance.length * TAPS * filters);
    for (let filter = 0; filter < filters; filter += 1) {
      const kernel = stored.convWeight[filter]!;
      for (let dimension = 0; dimension < dimensions; dimension += 1) {
        for (let tap = 0; tap < TAPS; tap += 1) this.wordKernel[(filter * dimensions + dimension) * TAPS + tap] = kernel[dimension]![tap]!;
      }
      stored.distance.forEach((embedding, bucket) => {
        for (let tap = 0; tap < TAPS; tap += 1) {
          let sum = 0;
          for (let channel = 0; channel < distanceWidth; channel += 1) sum += kernel[dimensions + channel]![tap]! * embedding[channel]!;
          this.distanceParts[(bucket * TAPS + tap) * filters + filter] = sum;
        }
      });
    }
    this.convBias = Float32Array.from(stored.convBias);
    this.maxPool = new Float64Array(filters);
    this.nearPool = new Float64Array(filters);
    this.activation = new Float64Array(filters);
    this.outWeight = Float32Array.from(stored.outWeight.flat());
    this.outBias = Float32Array.from(stored.outBias);
  }

  /** The three class scores of the mention at tokens [from, to), reading its "near" window. */
  scores(tokens: readonly Token[], isBrand: Uint8Array, from: number, to: number, sentenceStart: number, sentenceEnd: number): [number, number, number] {
    const [boundStart, boundEnd] = nearBounds(tokens, isBrand, from, to, sentenceStart, sentenceEnd);
    // The window as contextWindow builds it, as word ids: the target's runs one TARGET_WORD each.
    const start = Math.max(boundStart, from - CONTEXT_REACH);
    const end = Math.min(boundEnd, to + CONTEXT_REACH);
    const tokenIds = this.idsOf(tokens);
    const ids = new Int32Array(Math.max(0, end - start));
    let length = 0;
    for (let index = start; index < end; index += 1) {
      if (isBrand[index] === 1) {
        if (index === start || isBrand[index - 1] !== 1) ids[length++] = this.targetId;
        continue;
      }
      ids[length++] = tokenIds[index]!;
    }
    return this.convolve(ids, windowDistances(length, (position) => ids[position] === this.targetId), length);
  }

  /** The convolution over a window's words and distances, max- and nearness-pooled, to three scores. */
  private convolve(ids: Int32Array, distances: Int32Array, length: number): [number, number, number] {
    const filters = this.filters;
    const stride = TAPS * filters;
    const distanceParts = this.distanceParts;
    const bias = this.convBias;
    // Scratch space kept between calls: the worker reads one mention at a time.
    const { maxPool, nearPool, activation } = this;
    maxPool.fill(0);
    nearPool.fill(0);
    let nearness = 0;
    for (let position = 0; position < length; position += 1) {
      for (let filter = 0; filter < filters; filter += 1) activation[filter] = bias[filter]!;
      // Tap 0 reads the word before, tap 1 the word itself, tap 2 the word after (zero padding at either end).
      for (let tap = 0; tap < TAPS; tap += 1) {
        const at = position + tap - 1;
        if (at < 0 || at >= length) continue;
        const word = this.partsOf(ids[at]!);
        const wordAt = tap * filters;
        const distanceAt = distances[at]! * stride + wordAt;
        for (let filter = 0; filter < filters; filter += 1) activation[filter]! += word[wordAt + filter]! + distanceParts[distanceAt + filter]!;
      }
      const near = 1 / distances[position]!;
      nearness += near;
      for (let filter = 0; filter < filters; filter += 1) {
        const value = activation[filter]!;
        if (value <= 0) continue;
        if (value > maxPool[filter]!) maxPool[filter] = value;
        nearPool[filter]! += value * near;
      }
    }
    const scores: [number, number, number] = [this.outBias[0]!, this.outBias[1]!, this.outBias[2]!];
    const width = 2 * filters;
    const divisor = Math.max(nearness, 1e-6);
    for (let label = 0; label < 3; label += 1) {
      let sum = 0;
      for (let filter = 0; filter < filters; filter += 1) {
        sum += this.outWeight[label * width + filter]! * maxPool[filter]! + (this.outWeight[label * width + filters + filter]! * nearPool[filter]!) / divisor;
      }
      scores[label] = scores[label]! + sum;
    }
    return scores;
  }

  /** Per token of a text, its word id; worked out once per text (every mention in it reads the same tokens). */
  private idsOf(tokens: readonly Token[]): Int32Array {
    let ids = this.tokenIds.get(tokens);
    if (ids === undefined) {
      ids = new Int32Array(tokens.length);
      for (let index = 0; index < tokens.length; index += 1) ids[index] = this.index.get(tokens[index]!.norm) ?? UNKNOWN;
      this.tokenIds.set(tokens, ids);
    }
    return ids;
  }

  /** A word's part in every filter at every tap: its int8 vector times the kernel, computed once. */
  private partsOf(id: number): Float64Array {
    let parts = this.wordParts[id];
    if (parts !== undefined) return parts;
    const { filters, dimensions } = this;
    parts = new Float64Array(TAPS * filters);
    // Padding (id 0) is the zero vector, as in training.
    if (id !== 0) {
      const scale = this.scales[id]!;
      const offset = id * dimensions;
      for (let filter = 0; filter < filters; filter += 1) {
        for (let tap = 0; tap < TAPS; tap += 1) {
          let sum = 0;
          for (let dimension = 0; dimension < dimensions; dimension += 1) sum += this.values[offset + dimension]! * this.wordKernel[(filter * dimensions + dimension) * TAPS + tap]!;
          parts[tap * filters + filter] = sum * scale;
        }
      }
    }
    this.wordParts[id] = parts;
    return parts;
  }
}

const READER_FILE = 'core/brand/sentiment/context-reader.json';
const VECTORS_FILE = 'core/brand/sentiment/context-reader-vectors.bin';

/** The shipped reader, or undefined when none is stored (the sparse model alone then decides). */
export function loadContextReader(): ContextReader | undefined {
  const meta = dataFilePath(READER_FILE);
  if (!existsSync(meta)) return undefined;
  return new ContextReader(JSON.parse(readFileSync(meta, 'utf8')) as StoredReader, readFileSync(dataFilePath(VECTORS_FILE)));
}
