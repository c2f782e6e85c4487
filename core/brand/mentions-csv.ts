import type { EntityManager } from '@mikro-orm/postgresql';
import type { MentionRecord } from '../../contract/brand.ts';
import { csvRow, type CsvValue } from '../text/index.ts';
import { findMentions, type MentionsFilter } from './brand-mention-repository.ts';

/** The export's columns, in order: one line per answer that named the brand. */
export const MENTIONS_CSV_COLUMNS = [
  'created_at', 'brand_name', 'sentiment', 'confidence', 'recommendation', 'surface', 'engine', 'model', 'query',
  'context', 'keywords_found', 'competitors', 'request_id', 'mention_id', 'verdict_by', 'original_sentiment',
] as const;

const PAGE = 500;

function mentionLine(mention: MentionRecord): string {
  const values: Record<(typeof MENTIONS_CSV_COLUMNS)[number], CsvValue> = {
    created_at: mention.createdAt,
    brand_name: mention.brandName,
    sentiment: mention.sentiment,
    confidence: mention.confidence,
    recommendation: mention.recommendation ?? null,
    surface: mention.surface,
    engine: mention.request.engine,
    model: mention.request.model,
    query: mention.request.query,
    context: mention.context,
    keywords_found: mention.keywordsFound.join('; '),
    competitors: (mention.competitors ?? []).filter((competitor) => competitor.mentioned).map((competitor) => competitor.name).join('; '),
    request_id: mention.request.id,
    mention_id: mention.id,
    // Who made `sentiment`: local, judge or person; a person's correction keeps the analyser's verdict beside it.
    verdict_by: mention.verdictBy,
    original_sentiment: mention.correction?.originalSentiment ?? null,
  };
  // csvRow defuses text a spreadsheet would run as a formula (a question or context is untrusted).
  return csvRow(MENTIONS_CSV_COLUMNS.map((column) => values[column]));
}

/**
 * Every mention matching the filters as CSV, newest first, read a page at a time and yielded as it goes so a long
 * history never sits in memory whole. Offset paging is safe here: the export reads one user's past rows, and new
 * mentions only arrive at the front, which could at worst repeat a line, never drop one.
 */
export async function* mentionsCsv(em: EntityManager, userId: string, filter: MentionsFilter): AsyncGenerator<string> {
  yield csvRow(MENTIONS_CSV_COLUMNS);
  for (let offset = 0; ; offset += PAGE) {
    const page = await findMentions(em, userId, filter, { limit: PAGE, offset });
    if (page.length > 0) yield page.map(mentionLine).join('');
    if (page.length < PAGE) return;
  }
}
