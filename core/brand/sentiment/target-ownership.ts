import { isCommonWord } from '../mention-filters.ts';
import { COMPARED_AGAINST, CONTRAST_MARKERS, FUNCTION_WORDS } from './cue-words.ts';
import type { TokenReading } from './token-readings.ts';
import { sentenceEnds } from './sentence-ends.ts';
import { CLAUSE_END, SENTENCE_END, type Token } from './tokens.ts';

/**
 * Which words of an answer speak of a target, and with what sign. Answers compare brands, so a sentence is cut
 * into clauses and each clause belongs to the brand it names: "Acme is fast, Zeta is slow" gives "fast" to Acme and
 * "slow" to Zeta. A clause that names no brand belongs to the one before it ("Acme is cheap, but unreliable"), or,
 * at the start of a sentence, to the first one after it ("For small teams, Acme is the best pick"). A sentence that
 * names no brand continues the previous one when it starts with a pronoun ("Its app is slow") or sits in a list
 * under a line that named the brand ("Cons of Acme:" then "- Expensive"). In a clause naming both ("Acme is faster
 * than Zeta"), the one after a comparison word gets the clause's sentiment reversed. After "but" or "however" a
 * clause weighs more, and a concession ("although …") less.
 *
 * Marks: `isBrand[index]` is 1 for the target's tokens and 2 for another brand's.
 * The result holds, per token, 0 when it is not about the target, else the weight (negative: reversed).
 */
export function targetOwnership(tokens: readonly Token[], isBrand: Uint8Array): Float32Array {
  const weights = new Float32Array(tokens.length);
  const ends = sentenceEnds(tokens);
  let previousOwner: Owner = 'none';
  let listOwner: Owner = 'none';
  let sentenceStart = 0;
  while (sentenceStart < tokens.length) {
    const sentenceEnd = ends[sentenceStart]!;
    // A sentence that does not name the target, after one that was not about it, cannot be about it either: all
    // that matters of it is that it is not the target's, so it is not cut into clauses at all.
    const mayBeTarget: boolean = previousOwner === 'target' || listOwner === 'target' || namesTarget(isBrand, sentenceStart, sentenceEnd);
    const owner: Owner = mayBeTarget ? ownSentence(tokens, isBrand, sentenceStart, sentenceEnd, weights, previousOwner, listOwner) : 'other';
    const endsWithColon = tokens[sentenceEnd - 1]?.norm === ':';
    const isLineEnd = tokens[sentenceEnd]?.norm === '\n' || sentenceEnd >= tokens.length;
    if (owner !== 'none') previousOwner = owner;
    if (endsWithColon) listOwner = owner;
    else if (isLineEnd && sentenceEnd + 1 < tokens.length && tokens[sentenceEnd + 1]?.norm === '\n') listOwner = 'none';
    sentenceStart = sentenceEnd + 1;
  }
  return weights;
}

type Owner = 'target' | 'other' | 'none';

function namesTarget(isBrand: Uint8Array, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) if (isBrand[index] === 1) return true;
  return false;
}

const PRONOUNS = new Set(['it', 'its', 'they', 'their', 'this', 'these', 'he', 'she', 'his', 'her', 'there', 'the']);
const CONCESSIONS = new Set(['although', 'though', 'while', 'despite', 'whereas']);
const TURNS = new Set(['but', 'however', 'yet']);

/** Owns the clauses of one sentence; returns who the sentence (its last clause) was about. */
function ownSentence(tokens: readonly Token[], isBrand: Uint8Array, start: number, end: number, weights: Float32Array, previousOwner: Owner, listOwner: Owner): Owner {
  const clauses: { start: number; end: number; owner: Owner; sign: number; weight: number }[] = [];
  let clauseStart = start;
  for (let index = start; index <= end; index += 1) {
    const atEnd = index === end;
    const token = tokens[index];
    const breaks = atEnd || CLAUSE_END.has(token!.norm) || (index > clauseStart && CONTRAST_MARKERS.has(token!.norm));
    if (!breaks) continue;
    if (index > clauseStart) clauses.push({ start: clauseStart, end: index, ...clauseOwner(tokens, isBrand, clauseStart, index), weight: 1 });
    clauseStart = CLAUSE_END.has(token?.norm ?? '') ? index + 1 : index;
  }
  if (clauses.length === 0) return 'none';

  // "Unlike Acme, Zeta is reliable": what the next clause says of Zeta, it says against Acme.
  for (let index = 0; index + 1 < clauses.length; index += 1) {
    const clause = clauses[index]!;
    const opener = tokens[clause.start]!.norm;
    if ((opener === 'unlike' || opener === 'compared') && clause.owner === 'target' && clauses[index + 1]!.owner === 'other') {
      clauses[index + 1] = { ...clauses[index + 1]!, owner: 'target', sign: -1 };
    }
  }
  // Clauses naming no brand: the one before owns them, with its sign; leading ones go to the first named after them.
  const firstNamed = clauses.find((clause) => clause.owner !== 'none');
  const sentenceContinues = PRONOUNS.has(tokens[start]!.norm) || listOwner !== 'none';
  let carriedOwner: Owner = firstNamed?.owner ?? (sentenceContinues ? (listOwner !== 'none' ? listOwner : previousOwner) : 'none');
  let carriedSign = firstNamed?.sign ?? 1;
  clauses.forEach((clause, position) => {
    if (clause.owner === 'none') {
      clause.owner = carriedOwner;
      clause.sign = carriedSign;
    } else {
      carriedOwner = clause.owner;
      carriedSign = clause.sign;
    }
    const opener = tokens[clause.start]!.norm;
    if (TURNS.has(opener) && position > 0) {
      clause.weight = 1.5;
      for (const earlier of clauses.slice(0, position)) earlier.weight = Math.min(earlier.weight, 0.5);
    }
    if (CONCESSIONS.has(opener)) clause.weight = 0.5;
  });
  for (const clause of clauses) {
    if (clause.owner !== 'target') continue;
    for (let index = clause.start; index < clause.end; index += 1) weights[index] = clause.weight * clause.sign;
  }
  return clauses.at(-1)!.owner === 'none' ? 'none' : clauses.some((clause) => clause.owner === 'target') ? 'target' : 'other';
}

/** Whom one clause names, and whether the target is the one compared against in it. */
function clauseOwner(tokens: readonly Token[], isBrand: Uint8Array, start: number, end: number): { owner: Owner; sign: number } {
  let target = -1;
  let other = -1;
  for (let index = start; index < end; index += 1) {
    if (isBrand[index] === 1 && target < 0) target = index;
    if (isBrand[index] === 2 && other < 0) other = index;
  }
  if (target < 0) return { owner: other < 0 ? 'none' : 'other', sign: 1 };
  if (other < 0) return { owner: 'target', sign: 1 };
  // Both named: is there a comparison word between them, and who stands after it?
  const [first, second] = target < other ? [target, other] : [other, target];
  for (let index = first + 1; index < second; index += 1) {
    if (!COMPARED_AGAINST.has(tokens[index]!.norm)) continue;
    return target > other ? { owner: 'target', sign: -1 } : { owner: 'target', sign: 1 };
  }
  return { owner: 'target', sign: 1 };
}

/**
 * The names an answer uses, in text that has capitals: words written with a capital in the middle of a sentence
 * (not everyday function words), in bold, or opening a sentence when they are no everyday word at all. Read once
 * per answer; `markOtherNames` then marks them for each brand judged.
 */
export function capitalisedNames(text: string, tokens: readonly Token[]): ReadonlySet<string> {
  const names = new Set<string>();
  if (!/(?:^|[.!?]\s+|\n\s*)\p{Lu}/u.test(text)) return names;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (!token.capitalised || FUNCTION_WORDS.has(token.norm) || names.has(token.norm)) continue;
    const before = tokens[index - 1]?.norm ?? '\n';
    const midSentence = !SENTENCE_END.has(before) && before !== ':' && before !== '**' && !/^\d+\.?$/.test(before);
    const bold = before === '**' && tokens[index + 1]?.norm === '**';
    if ((midSentence || bold || !isCommonWord(token.norm)) && /\p{L}/u.test(token.norm)) names.add(token.norm);
  }
  return names;
}

/** Marks 2 in `isBrand` every capitalised use of `names` that is not already the target's or a known brand's. */
export function markOtherNames(tokens: readonly Token[], isBrand: Uint8Array, names: ReadonlySet<string>): void {
  if (names.size === 0) return;
  for (let index = 0; index < tokens.length; index += 1) {
    if (isBrand[index] === 0 && tokens[index]!.capitalised && names.has(tokens[index]!.norm)) isBrand[index] = 2;
  }
}

/** The target-owned polarity of a stretch of tokens: each token's polarity times its ownership weight. */
export function ownedPolarity(readings: readonly TokenReading[], ownership: Float32Array, from: number, to: number): number {
  let total = 0;
  for (let index = from; index < to; index += 1) total += readings[index]!.polarity * ownership[index]!;
  return total;
}
