/**
 * Splits markdown that is still streaming in into blocks: every block but the last is settled (nothing that arrives
 * later can change how it renders), the last one is still growing. Rendering each block on its own lets a streaming
 * answer re-parse only its growing tail for each new word, instead of the whole answer: with five long answers
 * streaming at once, parsing them whole every frame takes longer than a frame.
 *
 * A block ends at a blank line, unless what follows could still belong to it: an indented line (a list item's next
 * paragraph, indented code) or a list item (the next item of a loose list), or anything inside a fenced code block.
 * Splitting only where markdown itself starts afresh keeps the blocks rendering as the whole text would. (Link
 * reference definitions and footnotes, which reach across blocks, resolve when the finished answer is rendered
 * whole.)
 */

const LIST_ITEM = /^([-*+]|\d{1,9}[.)])([ \t]|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export function settledBlocks(markdown: string): string[] {
  const lines = markdown.split('\n');
  const blocks: string[] = [];
  let blockStart = 0;
  let openFence: string | null = null;
  let afterBlankLine = false;

  for (const [index, line] of lines.entries()) {
    const fence = FENCE.exec(line)?.[1];
    if (openFence !== null) {
      // A fence closes with at least as many of the same character, and nothing else after them.
      if (fence && fence[0] === openFence[0] && fence.length >= openFence.length && line.trim() === fence) openFence = null;
      continue;
    }
    if (line.trim() === '') {
      afterBlankLine = index > blockStart;
      continue;
    }
    const startsAfresh = !/^[ \t]/.test(line) && !LIST_ITEM.test(line);
    if (afterBlankLine && startsAfresh) {
      blocks.push(lines.slice(blockStart, index).join('\n'));
      blockStart = index;
    }
    afterBlankLine = false;
    if (fence) openFence = fence;
  }
  blocks.push(lines.slice(blockStart).join('\n'));
  return blocks;
}
