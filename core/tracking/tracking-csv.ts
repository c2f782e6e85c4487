import type { EntityManager } from '@mikro-orm/postgresql';
import type { TrackingResult } from '../../contract/tracking.ts';
import { csvRow, type CsvValue } from '../text/index.ts';
import { trackingResults } from './tracking-results-repository.ts';

/** The export's columns, in order: one line per model answer, as stored. */
export const CSV_COLUMNS = [
  'run_id', 'slot_start', 'prompt', 'engine', 'model', 'country', 'language', 'status', 'mentioned', 'position', 'sentiment',
  'share_of_voice', 'cited_domains', 'credits_charged', 'answer', 'created_at', 'surface', 'model_version',
] as const;

const PAGE = 500;

export function csvLine(result: TrackingResult): string {
  const values: Record<(typeof CSV_COLUMNS)[number], CsvValue> = {
    run_id: result.runId,
    slot_start: result.slotStart,
    prompt: result.prompt,
    engine: result.engine,
    model: result.model,
    country: result.country,
    language: result.language,
    status: result.status,
    mentioned: result.mentioned,
    position: result.position,
    sentiment: result.sentiment,
    share_of_voice: result.shareOfVoice,
    cited_domains: result.citedDomains.join(' '),
    credits_charged: result.creditsCharged,
    answer: result.answer,
    surface: result.surface,
    model_version: result.modelVersion,
    created_at: result.createdAt,
  };
  return csvRow(CSV_COLUMNS.map((column) => values[column]));
}

/**
 * The whole history of a set as CSV, read page by page (keyset paging) and yielded as it goes, so a long history
 * never sits in memory whole and the first bytes leave at once.
 */
export async function* trackingCsv(em: EntityManager, setId: string): AsyncGenerator<string> {
  yield csvRow(CSV_COLUMNS);
  let after: string | undefined;
  for (;;) {
    const page = await trackingResults(em, setId, { limit: PAGE, after });
    if (page.length === 0) return;
    yield page.map(csvLine).join('');
    after = page.at(-1)!.id;
    if (page.length < PAGE) return;
  }
}
