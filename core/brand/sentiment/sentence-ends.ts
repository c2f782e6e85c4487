import { SENTENCE_END, type Token } from './tokens.ts';

/**
 * Per token, the index of the token that ends its sentence (a sentence-end mark, or the token count when the text
 * stops first); a mark is its own end. Every brand judged in an answer walks the same sentences, so they are found
 * once per token list, which is never changed after tokenising.
 */
const endsByTokens = new WeakMap<readonly Token[], Int32Array>();

export function sentenceEnds(tokens: readonly Token[]): Int32Array {
  let ends = endsByTokens.get(tokens);
  if (ends === undefined) {
    ends = new Int32Array(tokens.length);
    let end = tokens.length;
    for (let index = tokens.length - 1; index >= 0; index -= 1) {
      if (SENTENCE_END.has(tokens[index]!.norm)) end = index;
      ends[index] = end;
    }
    endsByTokens.set(tokens, ends);
  }
  return ends;
}
