import type { MentionScope } from '../../core/brand/sentiment/mention-scope.ts';
import type { TokenReading } from '../../core/brand/sentiment/token-readings.ts';

/**
 * Where the words around a mention stand, for the word-vector reader that train_vectors.py tries: the read
 * clause left of the mention, the read clause right of it, the rest of the sentence, and text nearby. The other
 * brands' words and punctuation take no slot. A mention compared against keeps its clause's words by position.
 */
export const VECTOR_SLOTS = ['left', 'right', 'sentence', 'nearby'] as const;
export const LEFT_SLOT = 0;
export const RIGHT_SLOT = 1;
export const SENTENCE_SLOT = 2;
export const NEARBY_SLOT = 3;

/** How far outside its sentence a mention's nearby words are read, in tokens (as the sparse features do). */
const NEARBY = 20;

/** Calls `visit(slot, token)` for every word that has a slot, in text order within each slot. */
export function visitSlotWords(
  readings: readonly TokenReading[],
  from: number,
  to: number,
  isBrand: Uint8Array,
  scope: MentionScope,
  visit: (slot: number, token: number) => void,
): void {
  const counts = (index: number) => isBrand[index] === 0 && readings[index]!.isWord;
  for (let index = scope.readStart; index < scope.readEnd; index += 1) if (counts(index)) visit(index < from ? LEFT_SLOT : RIGHT_SLOT, index);
  for (let index = scope.sentenceStart; index < scope.sentenceEnd; index += 1) {
    if (index >= scope.readStart && index < scope.readEnd) continue;
    if (counts(index)) visit(SENTENCE_SLOT, index);
  }
  const nearbyEnd = Math.min(readings.length, scope.sentenceEnd + NEARBY);
  for (let index = Math.max(0, scope.sentenceStart - NEARBY); index < nearbyEnd; index += 1) {
    if (index >= scope.sentenceStart && index < scope.sentenceEnd) continue;
    if (counts(index)) visit(NEARBY_SLOT, index);
  }
}
