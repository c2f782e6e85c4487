import type { SimulatedWebPage } from './openai-responses-web-pages.ts';

/** An `output_text` annotation as the Responses API sends it (keys in the API's order). */
export interface UrlCitation {
  type: 'url_citation';
  end_index: number;
  start_index: number;
  title: string;
  url: string;
}

export interface PlannedCitation {
  /** The annotation is announced right after the delta of this piece, the last one of the text it cites. */
  afterPiece: number;
  annotation: UrlCitation;
}

/** Indexes count characters (code points), as the API's do, not UTF-16 units. */
function characterLength(text: string): number {
  return [...text].length;
}

/**
 * Spreads the pages over the answer: the pieces are split into consecutive groups and each group cites one page,
 * from its first character to the end of its last word. When there is room, one page more than found is cited so
 * the first page is cited twice, as real answers often repeat a source; clients must deduplicate.
 */
export function planUrlCitations(pieces: readonly string[], pages: readonly SimulatedWebPage[]): PlannedCitation[] {
  if (pages.length === 0 || pieces.length === 0) return [];
  const count = pieces.length > pages.length ? pages.length + 1 : Math.min(pages.length, pieces.length);

  const offsets: number[] = [];
  let offset = 0;
  for (const piece of pieces) {
    offsets.push(offset);
    offset += characterLength(piece);
  }

  return Array.from({ length: count }, (_, index) => {
    const first = Math.floor((index * pieces.length) / count);
    const last = Math.floor(((index + 1) * pieces.length) / count) - 1;
    const page = pages[index % pages.length] as SimulatedWebPage;
    return {
      afterPiece: last,
      annotation: {
        type: 'url_citation',
        end_index: (offsets[last] ?? 0) + characterLength((pieces[last] ?? '').trimEnd()),
        start_index: offsets[first] ?? 0,
        title: page.title,
        // The real web search tags every cited link this way.
        url: `${page.url}?utm_source=openai`,
      },
    };
  });
}
