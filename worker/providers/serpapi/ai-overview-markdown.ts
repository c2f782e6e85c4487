import type { AnswerSource } from '../answer-provider.ts';
import { sourcesFromReferences } from './serpapi-sources.ts';

/**
 * SerpApi's `ai_overview` JSON → the markdown answer and its sources. Pure, so every block type is tested without
 * a network. SerpApi describes the overview as a tree of text blocks (paragraphs, headings, lists with nested
 * lists, expandable sections, tables, product comparisons); Quorum shows answers as markdown.
 */

export interface RenderedAiOverview {
  markdown: string;
  sources: AnswerSource[];
  /** The `ai_overview` object as SerpApi sent it, for the search trail (`searchTrailFromOverview`). */
  raw: Record<string, unknown>;
}

/** What one SerpApi search response says about the AI Overview. */
export type AiOverviewOutcome =
  | { kind: 'overview'; overview: RenderedAiOverview }
  /** Google lazy-loads this overview: fetch it with `engine=google_ai_overview&page_token=…`. */
  | { kind: 'deferred'; pageToken: string }
  | { kind: 'none'; reason: string };

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function records(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** Snippets are plain text; a stray line break inside one would break the markdown around it. */
function clean(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

function tableCell(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  return clean(text).replaceAll('|', '\\|');
}

function markdownTable(rows: readonly string[][]): string {
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (width === 0 || rows.length < 2) return '';
  const line = (row: readonly string[]) =>
    `| ${Array.from({ length: width }, (_, column) => row[column] ?? '').join(' | ')} |`;
  const [header, ...body] = rows;
  return [line(header ?? []), `|${' --- |'.repeat(width)}`, ...body.map(line)].join('\n');
}

/** A list item's own line: `**Title**: snippet`, or whichever of the two it has. */
function listItemText(item: JsonRecord): string {
  const title = clean(item['title']);
  const snippet = clean(item['snippet']);
  if (title && snippet) return `**${title}**${/[:.?!]$/.test(title) ? '' : ':'} ${snippet}`;
  if (title) return `**${title}**`;
  return snippet;
}

function renderList(items: readonly JsonRecord[], depth: number): string[] {
  const lines: string[] = [];
  for (const item of items) {
    const text = listItemText(item);
    const nested = records(item['list']);
    // An item that only groups a nested list has no line of its own; its children take its place.
    if (text) lines.push(`${'  '.repeat(depth)}- ${text}`);
    lines.push(...renderList(nested, text ? depth + 1 : depth));
  }
  return lines;
}

function renderBlock(block: JsonRecord): string[] {
  const snippet = clean(block['snippet']);
  switch (block['type']) {
    case 'heading':
      return snippet ? [`### ${snippet}`] : [];
    case 'expandable': {
      const title = clean(block['title']) || snippet;
      return [...(title ? [`### ${title}`] : []), ...renderBlocks(block['text_blocks'])];
    }
    case 'table': {
      const rows = Array.isArray(block['table'])
        ? block['table'].filter(Array.isArray).map((row: unknown[]) => row.map(tableCell))
        : [];
      const table = markdownTable(rows);
      return [...(snippet ? [snippet] : []), ...(table ? [table] : [])];
    }
    case 'comparison': {
      const labels = Array.isArray(block['product_labels']) ? block['product_labels'].map(tableCell) : [];
      const features = records(block['comparison']).map((row) => [
        tableCell(row['feature']),
        ...(Array.isArray(row['values']) ? row['values'].map(tableCell) : []),
      ]);
      const table = markdownTable([['Feature', ...labels], ...features]);
      return [...(snippet ? [snippet] : []), ...(table ? [table] : [])];
    }
    default: {
      // `paragraph`, `list`, and any block type SerpApi adds later: keep whatever text and list it carries.
      const list = renderList(records(block['list']), 0);
      return [...(snippet ? [snippet] : []), ...(list.length > 0 ? [list.join('\n')] : [])];
    }
  }
}

function renderBlocks(blocks: unknown): string[] {
  return records(blocks).flatMap(renderBlock);
}

/** The markdown for an `ai_overview` object, or undefined when it holds no text worth showing. */
export function renderAiOverview(aiOverview: unknown): RenderedAiOverview | undefined {
  if (!isRecord(aiOverview)) return undefined;
  const markdown = renderBlocks(aiOverview['text_blocks']).join('\n\n');
  if (markdown === '') return undefined;
  return { markdown, sources: sourcesFromReferences(aiOverview['references']), raw: aiOverview };
}

/**
 * Reads a whole SerpApi response (either engine). SerpApi answers 200 with a top-level `error` when Google showed
 * nothing ("Google hasn't returned any results for this query."), and with no `ai_overview` when the page had
 * none; for Quorum both mean there is no AI Overview for this search.
 */
export function readAiOverviewResponse(body: unknown): AiOverviewOutcome {
  if (!isRecord(body)) return { kind: 'none', reason: 'the response is not a JSON object' };
  const topLevelError = clean(body['error']);
  if (topLevelError) return { kind: 'none', reason: topLevelError };
  const aiOverview = body['ai_overview'];
  if (!isRecord(aiOverview)) return { kind: 'none', reason: 'the results have no ai_overview' };
  const overview = renderAiOverview(aiOverview);
  if (overview) return { kind: 'overview', overview };
  const overviewError = clean(aiOverview['error']);
  if (overviewError) return { kind: 'none', reason: overviewError };
  const pageToken = aiOverview['page_token'];
  if (typeof pageToken === 'string' && pageToken !== '') return { kind: 'deferred', pageToken };
  return { kind: 'none', reason: 'the ai_overview has no text' };
}

/**
 * Word-sized pieces (a word and the whitespace after it) that join back to exactly `markdown`, so the overview,
 * which SerpApi returns all at once, still reaches the page the way streamed answers do.
 */
export function wordPieces(markdown: string): string[] {
  const pieces = markdown.match(/\S+\s*/g) ?? [];
  const leading = /^\s+/.exec(markdown)?.[0];
  if (leading && pieces.length > 0) pieces[0] = leading + pieces[0];
  return pieces;
}
