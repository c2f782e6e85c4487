import { SENTENCE_END, type Token } from './tokens.ts';

/**
 * The words the context reader (context-reader.ts; fitted by train_model.py --vectors) reads around one mention: at
 * most `CONTEXT_REACH` tokens either side of it within the given bounds, every run of the target's own tokens
 * written as one `TARGET_WORD` (so "Acme Cloud" reads like "it"), and each word's distance from the nearest run.
 * The worker reads the "near" window (`nearBounds`); the trainer can compare all three.
 */
export const CONTEXT_REACH = 12;
export const TARGET_WORD = '<t>';
/** Distances are counted up to this; further words share the last bucket. Bucket 0 is left for padding. */
export const MAX_DISTANCE = 30;

export interface ContextWindow {
  /** Token norms in text order, the target's runs as `TARGET_WORD`. */
  words: string[];
  /** Per word, 1 + its distance in words from the nearest target run, capped at 1 + `MAX_DISTANCE`. */
  distances: number[];
}

export function contextWindow(tokens: readonly Token[], isBrand: Uint8Array, from: number, to: number, boundStart: number, boundEnd: number): ContextWindow {
  const start = Math.max(boundStart, from - CONTEXT_REACH);
  const end = Math.min(boundEnd, to + CONTEXT_REACH);
  const words: string[] = [];
  const targets: number[] = [];
  for (let index = start; index < end; index += 1) {
    if (isBrand[index] === 1) {
      if (index === start || isBrand[index - 1] !== 1) {
        targets.push(words.length);
        words.push(TARGET_WORD);
      }
      continue;
    }
    words.push(tokens[index]!.norm);
  }
  const isTarget = new Set(targets);
  return { words, distances: [...windowDistances(words.length, (position) => isTarget.has(position))] };
}

/**
 * Per window position, 1 + its distance in words from the nearest target word, capped at 1 + `MAX_DISTANCE` (0 is
 * left for padding): two passes, one from each end. The trainer's windows and the worker's reader both use it.
 */
export function windowDistances(length: number, isTarget: (position: number) => boolean): Int32Array {
  const distances = new Int32Array(length);
  let last = -Infinity;
  for (let position = 0; position < length; position += 1) {
    if (isTarget(position)) last = position;
    distances[position] = Math.min(MAX_DISTANCE, position - last);
  }
  last = Infinity;
  for (let position = length - 1; position >= 0; position -= 1) {
    if (isTarget(position)) last = position;
    distances[position] = Math.min(distances[position]!, last - position, MAX_DISTANCE) + 1;
  }
  return distances;
}

/**
 * The "near" bounds: the mention's sentence grown by whole neighbouring sentences while they stay within
 * `CONTEXT_REACH` and name no other brand (a tweet's other sentences count; "Zeta, by contrast, is clunky" stays
 * Zeta's).
 */
export function nearBounds(tokens: readonly Token[], isBrand: Uint8Array, from: number, to: number, sentenceStart: number, sentenceEnd: number): [number, number] {
  const namesOther = (start: number, end: number) => {
    for (let index = start; index < end; index += 1) if (isBrand[index] === 2) return true;
    return false;
  };
  let start = sentenceStart;
  while (start > 0 && start > from - CONTEXT_REACH) {
    let previous = start - 1;
    while (previous > 0 && !SENTENCE_END.has(tokens[previous - 1]!.norm)) previous -= 1;
    if (namesOther(previous, start)) break;
    start = previous;
  }
  let end = sentenceEnd;
  while (end < tokens.length && end < to + CONTEXT_REACH) {
    let next = end + 1;
    while (next < tokens.length && !SENTENCE_END.has(tokens[next]!.norm)) next += 1;
    if (namesOther(end, next)) break;
    end = next;
  }
  return [start, end];
}

/** A mention's three windows, by the name the trainer's --window option takes. */
export function contextWindows(tokens: readonly Token[], isBrand: Uint8Array, from: number, to: number, sentenceStart: number, sentenceEnd: number) {
  const [nearStart, nearEnd] = nearBounds(tokens, isBrand, from, to, sentenceStart, sentenceEnd);
  return {
    sentence: contextWindow(tokens, isBrand, from, to, sentenceStart, sentenceEnd),
    near: contextWindow(tokens, isBrand, from, to, nearStart, nearEnd),
    wide: contextWindow(tokens, isBrand, from, to, 0, tokens.length),
  };
}
