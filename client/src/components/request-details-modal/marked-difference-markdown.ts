import type { DifferencePart } from './answer-differences.ts';

/**
 * A word diff of two Markdown answers, rendered as Markdown: the parts are joined into one Markdown text with
 * private-use characters around what was added and what was removed, the text is parsed as any answer is, and a
 * rehype step (`markDifferences`) turns the marked stretches of the rendered text into <ins> and <del>. So bold stays
 * bold and a list stays a list, while the changed words stay marked, even across a bold span or a list item.
 */

export const MARKS = { addedStart: '\uE000', addedEnd: '\uE001', removedStart: '\uE002', removedEnd: '\uE003' } as const;
const ANY_MARK = /[\uE000-\uE003]/g;

/** Answers are untrusted: any of the marks they carry themselves are dropped, so only the diff's own remain. */
export const withoutMarks = (text: string): string => text.replace(ANY_MARK, '');

/** Marks around the stretch's words, its leading and trailing white space left outside (line breaks stay structure). */
function marked(text: string, start: string, end: string): string {
  const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  return core === '' ? text : `${lead}${start}${core}${end}${trail}`;
}

// A mark at the start of a line would hide the line's block syntax (a list item, a heading, a quote) from the
// parser: it is moved past that syntax, into the line's text.
const MARK_BEFORE_BLOCK_SYNTAX = /^([ \t]*)([\uE000-\uE003]+)((?:[-*+]|\d{1,9}[.)])[ \t]+|#{1,6}[ \t]+|>[ \t]?)/gm;

function marksPastBlockSyntax(markdown: string): string {
  let current = markdown;
  // A quoted list item has two layers of syntax; three passes cover any answer's usual nesting.
  for (let pass = 0; pass < 3; pass += 1) {
    const next = current.replace(MARK_BEFORE_BLOCK_SYNTAX, '$1$3$2');
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The Markdown to render for a diff: every part in order, added and removed stretches marked. */
export function markedDifferenceMarkdown(parts: readonly DifferencePart[]): string {
  const joined = parts
    .map(({ text, kind }) => {
      const clean = withoutMarks(text);
      if (kind === 'added') return marked(clean, MARKS.addedStart, MARKS.addedEnd);
      if (kind === 'removed') return marked(clean, MARKS.removedStart, MARKS.removedEnd);
      return clean;
    })
    .join('');
  return marksPastBlockSyntax(joined);
}

/** The small part of a HTML syntax tree (hast) this step reads and writes. */
interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HastNode[];
}
type HastNode = HastText | HastElement | { type: string; children?: HastNode[] };

export interface MarkDifferencesOptions {
  addedClass: string;
  removedClass: string;
}

/**
 * The rehype step: walks the rendered text in reading order, remembering whether it is inside an added or a removed
 * stretch (a stretch can start in one element and end in another), and wraps each piece of text inside one in
 * <ins> or <del>. The marks themselves are dropped; white space alone is left as it is (a table row or a list
 * holds no <ins>).
 */
export function markDifferences(options: MarkDifferencesOptions) {
  return (tree: HastNode) => {
    let mode: 'same' | 'added' | 'removed' = 'same';
    const piece = (value: string, kind: typeof mode): HastNode => {
      if (kind === 'same' || value.trim() === '') return { type: 'text', value };
      return {
        type: 'element',
        tagName: kind === 'added' ? 'ins' : 'del',
        properties: { className: [kind === 'added' ? options.addedClass : options.removedClass] },
        children: [{ type: 'text', value }],
      };
    };
    const walk = (node: HastNode): void => {
      if (!('children' in node) || !node.children) return;
      const children: HastNode[] = [];
      for (const child of node.children) {
        if (child.type !== 'text') {
          walk(child);
          children.push(child);
          continue;
        }
        let text = '';
        for (const character of (child as HastText).value) {
          const next =
            character === MARKS.addedStart ? 'added' : character === MARKS.removedStart ? 'removed' : character === MARKS.addedEnd || character === MARKS.removedEnd ? 'same' : null;
          if (next === null) {
            text += character;
            continue;
          }
          if (text) children.push(piece(text, mode));
          text = '';
          mode = next;
        }
        if (text) children.push(piece(text, mode));
      }
      node.children = children;
    };
    walk(tree);
  };
}
