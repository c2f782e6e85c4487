import type { HistoryRow } from '../requests/index.ts';
import { totalCredits } from '../requests/index.ts';
import { csvRow } from '../text/index.ts';

export const HISTORY_CSV_COLUMNS = ['asked_at', 'kind', 'status', 'question', 'models', 'answered', 'credits_used'] as const;

/** The history as CSV, newest first: one line per request, its models as `engine/model` separated by spaces. */
export function historyCsv(rows: readonly HistoryRow[]): string {
  let csv = csvRow(HISTORY_CSV_COLUMNS);
  for (const row of rows) {
    csv += csvRow([
      row.createdAt.toISOString(),
      row.kind,
      row.status,
      row.query,
      row.results.map((result) => `${result.engine}/${result.model}`).join(' '),
      row.results.filter((result) => result.success).length,
      totalCredits(row.results),
    ]);
  }
  return csv;
}
