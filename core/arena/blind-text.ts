/**
 * Keeps model names out of a blind answer. Real models often say who made them ("As Claude, …") and the provider
 * simulator starts every answer with its model's id, so until the vote every text a player can see has each name
 * the round must hide (model ids and names, engine ids, names and aliases, and the common family names) replaced.
 * Names are matched whole and case-insensitively; the stored answer keeps its words and is shown as written after
 * the reveal.
 */

export const HIDDEN_NAME = '[hidden]';

/** Family and vendor names a model may use for itself, whatever the round's engines are. */
const FAMILY_NAMES = ['ChatGPT', 'GPT', 'OpenAI', 'Claude', 'Anthropic', 'Gemini', 'Gemma', 'Google', 'Bard', 'Llama', 'Meta', 'Mistral', 'Mixtral', 'DeepSeek', 'Grok', 'xAI', 'Perplexity', 'Sonar', 'Qwen', 'Groq'];

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The names to hide for a round, longest first so a model id is replaced before the family name inside it. */
export function namesToHide(names: readonly string[]): string[] {
  const all = [...names, ...FAMILY_NAMES].map((name) => name.trim()).filter((name) => name.length >= 2);
  // A model id also appears written with spaces instead of dashes ("gpt 4o mini").
  const spelled = all.filter((name) => name.includes('-')).map((name) => name.replaceAll('-', ' '));
  return [...new Set([...all, ...spelled].map((name) => name.toLowerCase()))].sort((a, b) => b.length - a.length);
}

export interface NameMask {
  /** `text` with every hidden name replaced. */
  apply(text: string): string;
  /** Where hidden names occur in `text`, as [start, end) spans. */
  spans(text: string): [number, number][];
  /** The longest hidden name: a streamed piece shorter than this from its end may still be the start of one. */
  readonly longest: number;
}

export function nameMask(hiddenNames: readonly string[]): NameMask {
  if (hiddenNames.length === 0) return { apply: (text) => text, spans: () => [], longest: 0 };
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${hiddenNames.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return {
    apply: (text) => text.replace(pattern, HIDDEN_NAME),
    spans: (text) => [...text.matchAll(pattern)].map((match) => [match.index, match.index + match[0].length]),
    longest: Math.max(...hiddenNames.map((name) => name.length)),
  };
}

/**
 * A streamed answer's text, masked as it arrives. A name can be split across two pieces, and a name at the very end
 * may turn out to be the start of a longer word, so the last stretch (as long as the longest name, cut at a space and
 * never inside a name) is held back until more text arrives; the final answer, masked whole, replaces the streamed
 * text anyway.
 */
export class MaskedTextStream {
  private pending = '';

  constructor(private readonly mask: NameMask) {}

  /** The text that can go out now, masked; possibly empty. */
  push(piece: string): string {
    const text = this.pending + piece;
    const spans = this.mask.spans(text);
    const atSpace = (position: number): number => {
      while (position > 0 && !/\s/.test(text[position - 1]!)) position -= 1;
      return position;
    };
    let cut = atSpace(text.length - this.mask.longest);
    for (let straddling = spans.find(([start, end]) => start < cut && cut < end); straddling; straddling = spans.find(([start, end]) => start < cut && cut < end)) {
      cut = atSpace(straddling[0]);
    }
    if (cut <= 0) {
      this.pending = text;
      return '';
    }
    this.pending = text.slice(cut);
    return this.mask.apply(text.slice(0, cut));
  }
}
