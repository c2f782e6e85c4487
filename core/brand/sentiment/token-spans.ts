/**
 * Where an answer's tokens are. `TOKEN` defines them: words (with inner apostrophes, hyphens and dots as in "e.g."
 * or "v2.0"), emoji and pictographs, then the punctuation marks that matter to a sentence's shape. Everything else
 * (spaces, most symbols) separates tokens.
 *
 * Running that Unicode pattern over a whole answer costs about 0.3 ms per 2,000 words, most of the time spent
 * failing on spaces. Answers are mostly ASCII, where the pattern's classes are plain ranges, so `tokenSpans` scans
 * ASCII by hand and hands every other character to the pattern itself: the spans are exactly `matchAll(TOKEN)`'s
 * (a test compares them on every labelled passage and on random text).
 */
export const TOKEN =
  /[\p{L}\p{N}]+(?:['’.\-][\p{L}\p{N}]+)*|n['’]t|\p{Extended_Pictographic}|[✓✔✗✘★☆]|[.!?;:,()|\n\u2013\u2014]|\*\*|--+|:\)|:\(|:-\)|:-\(|:D|;\)/gu;

/** The same pattern, matching only at `lastIndex`: a token that starts exactly there, or none. */
const TOKEN_HERE = new RegExp(TOKEN.source, 'uy');

/** What an ASCII character can start. In ASCII `[\p{L}\p{N}]` is `[A-Za-z0-9]` and no character is pictographic. */
const NOTHING = 0;
const WORD = 1;
/** A one-character mark; it comes before ":)", ";)" and ":D" in the pattern, so those never match. */
const MARK = 2;
const STAR = 3;
const DASH = 4;
const ASCII_START = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) {
  const character = String.fromCharCode(code);
  if (/[A-Za-z0-9]/.test(character)) ASCII_START[code] = WORD;
  else if ('.!?;:,()|\n'.includes(character)) ASCII_START[code] = MARK;
}
ASCII_START['*'.charCodeAt(0)] = STAR;
ASCII_START['-'.charCodeAt(0)] = DASH;

const isAsciiWordCharacter = (code: number) => code < 128 && ASCII_START[code] === WORD;
/** The characters that may join two runs of letters into one word: ' . - (and ’, which is not ASCII). */
const isAsciiJoiner = (code: number) => code === 39 || code === 46 || code === 45;

/** The tokens' spans, flat: start, end, start, end, … in text order. */
export function tokenSpans(text: string): number[] {
  const spans: number[] = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    const end = tokenEndAt(text, index);
    if (end > index) {
      spans.push(index, end);
      index = end;
    } else {
      // As the pattern's own search does in Unicode mode, step over a whole code point.
      const code = text.charCodeAt(index);
      const pair = code >= 0xd800 && code <= 0xdbff && index + 1 < length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00;
      index += pair ? 2 : 1;
    }
  }
  return spans;
}

/** Where the token starting at `start` ends; `start` itself when none starts there. */
function tokenEndAt(text: string, start: number): number {
  const code = text.charCodeAt(start);
  if (code >= 128) return patternEndAt(text, start);
  switch (ASCII_START[code]) {
    case WORD:
      return wordEndAt(text, start);
    case MARK:
      return start + 1;
    case STAR:
      return text.charCodeAt(start + 1) === 42 ? start + 2 : start;
    case DASH: {
      let end = start + 1;
      while (text.charCodeAt(end) === 45) end += 1;
      return end > start + 1 ? end : start;
    }
    default:
      return start;
  }
}

/**
 * The end of the word starting at an ASCII letter or digit: runs of them joined by single ' . - characters. At
 * any non-ASCII character it might continue with, the pattern decides instead.
 */
function wordEndAt(text: string, start: number): number {
  const length = text.length;
  let end = start + 1;
  for (;;) {
    while (end < length && isAsciiWordCharacter(text.charCodeAt(end))) end += 1;
    if (end >= length) return end;
    const next = text.charCodeAt(end);
    if (next >= 128) return patternEndAt(text, start);
    if (!isAsciiJoiner(next) || end + 1 >= length) return end;
    const after = text.charCodeAt(end + 1);
    if (after >= 128) return patternEndAt(text, start);
    if (!isAsciiWordCharacter(after)) return end;
    end += 2;
  }
}

function patternEndAt(text: string, start: number): number {
  TOKEN_HERE.lastIndex = start;
  const match = TOKEN_HERE.exec(text);
  return match === null ? start : start + match[0].length;
}
