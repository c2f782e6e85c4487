/**
 * Postgres cannot store every JavaScript string: a text column refuses NUL, and a jsonb value refuses NUL and
 * unpaired UTF-16 surrogates. Model output may contain either (a provider's bug, a title cut in the middle of an
 * emoji), and a refused write would lose an answer someone paid for. So text is made storable before it is written:
 * each NUL and each lone surrogate becomes U+FFFD, the replacement character, and everything else is kept as is.
 */
const REPLACEMENT = '\uFFFD';
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storableText(text: string): string {
  return text.replace(UNSTORABLE, REPLACEMENT);
}

/** Whether `text` holds a NUL or a lone surrogate: what input validation refuses outright. */
export function hasUnstorableText(text: string): boolean {
  UNSTORABLE.lastIndex = 0;
  const found = UNSTORABLE.test(text);
  UNSTORABLE.lastIndex = 0;
  return found;
}

/**
 * Makes streamed text storable chunk by chunk. A provider may split an emoji's surrogate pair across two chunks, so
 * a chunk ending in a high surrogate keeps it back until the next chunk says whether its partner follows; the
 * chunks then join into exactly `storableText` of the whole.
 */
export class StorableTextStream {
  private pending = '';

  push(chunk: string): string {
    let text = this.pending + chunk;
    this.pending = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.pending = text.slice(-1);
      text = text.slice(0, -1);
    }
    return storableText(text);
  }

  /** What is still kept back when the stream ends: a high surrogate that never met its partner. */
  end(): string {
    const rest = this.pending === '' ? '' : REPLACEMENT;
    this.pending = '';
    return rest;
  }
}
