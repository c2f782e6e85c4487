import { diffWords, sentenceDiff } from 'diff';

/** One sentence of an answer, and whether no other answer says anything like it. */
export interface MarkedSentence {
  text: string;
  unique: boolean;
}

/** Two sentences count as saying the same when at least this share of their words match, in order. */
export const SAME_SENTENCE_SIMILARITY = 0.5;

/** Markdown's markup (emphasis, headings, list bullets, code ticks, link brackets) is not part of what is said. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`>#]/g, '');
}

/** An answer's sentences: each line on its own (lists, headings), then split after `.`, `!` or `?`. */
export function sentencesOf(markdown: string): string[] {
  return plainText(markdown)
    .split(/\n+/)
    .flatMap((line) => sentenceDiff.tokenize(line))
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/** The share of two sentences' words (by characters) that a word diff finds in common, ignoring case. */
export function similarity(first: string, second: string): number {
  const longest = Math.max(first.length, second.length);
  if (longest === 0) return 1;
  const common = diffWords(first, second, { ignoreCase: true })
    .filter((part) => !part.added && !part.removed)
    .reduce((sum, part) => sum + part.value.trim().length, 0);
  return common / longest;
}

/**
 * For every answer, its sentences marked unique when no other answer has a sentence like it: what one model says
 * that the others do not. With fewer than two answers nothing is unique (there is nothing to differ from).
 */
export function markUniqueSentences(answers: readonly string[]): MarkedSentence[][] {
  const sentences = answers.map(sentencesOf);
  return sentences.map((own, index) =>
    own.map((text) => ({
      text,
      unique:
        answers.length > 1 &&
        sentences.every((other, otherIndex) => otherIndex === index || other.every((candidate) => similarity(text, candidate) < SAME_SENTENCE_SIMILARITY)),
    })),
  );
}
