/**
 * Where a mention stands in an answer's layout, which tells how much its sentence decides the answer's stance
 * toward the brand: in the answer's verdict (a "Bottom line", "My recommendation" or "TL;DR" line, or under such a
 * heading), in a heading (a question used as a heading asks, it does not judge), in bold (the pick), in a table
 * row, or in the closing paragraph. Read from the text's lines, once per answer.
 */
export interface MentionPlacement {
  verdict: boolean;
  heading: boolean;
  questionHeading: boolean;
  bold: boolean;
  tableRow: boolean;
  closing: boolean;
}

/** Words that open an answer's verdict, as a line's label or a section's heading. */
const VERDICT_CUE =
  /\b(bottom line|my (?:recommendation|pick|take|vote|advice|suggestion|verdict)|recommendations?|verdict|tl;?dr|in summary|summary|in short|overall|conclusion|final (?:thoughts|word|answer)|short answer|quick answer|one answer|what i(?:'|’)?d (?:do|pick|choose|buy)|our pick|top pick|best overall|the pick|winner)\b/i;

interface Line {
  start: number;
  end: number;
  heading: boolean;
  verdict: boolean;
}

/** The layout of one text, read once and shared by every brand judged in it. */
export class AnswerLayout {
  private readonly lines: Line[] = [];
  private readonly closingStart: number;

  constructor(private readonly text: string) {
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      const line = text.slice(start, end);
      const heading = /^\s{0,3}#{1,6}\s/.test(line) || /^\s*\*\*[^*]{2,80}\*\*:?\s*$/.test(line);
      this.lines.push({ start, end, heading, verdict: VERDICT_CUE.test(line.slice(0, 80)) });
      if (newline === -1) break;
      start = newline + 1;
    }
    const lastBreak = text.trimEnd().lastIndexOf('\n\n');
    this.closingStart = lastBreak === -1 ? text.length : lastBreak;
  }

  /** Whether the text is an answer with a layout (several lines), not one sentence. */
  get isPassage(): boolean {
    return this.lines.length > 1;
  }

  placement(offset: number, length: number): MentionPlacement {
    const index = this.lineAt(offset);
    const line = this.lines[index]!;
    const written = this.text.slice(line.start, line.end);
    let verdict = line.verdict;
    // Under a verdict heading: the nearest heading above decides, until a blank line after a non-heading ends it.
    for (let above = index - 1; !verdict && above >= 0; above -= 1) {
      const previous = this.lines[above]!;
      if (previous.heading) {
        verdict = previous.verdict;
        break;
      }
    }
    const before = this.text.slice(line.start, offset);
    const after = this.text.slice(offset + length, line.end);
    const boldMarks = before.split('**').length - 1;
    return {
      verdict,
      heading: line.heading,
      questionHeading: line.heading && /\?\s*(\*\*)?\s*$/.test(written),
      bold: boldMarks % 2 === 1 && after.includes('**'),
      tableRow: /^\s*\|/.test(written),
      closing: this.lines.length > 1 && offset >= this.closingStart,
    };
  }

  private lineAt(offset: number): number {
    let low = 0;
    let high = this.lines.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.lines[middle]!.start <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
