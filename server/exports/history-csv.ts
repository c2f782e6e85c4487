import type { HistoryRow } from '../requests/request-history-repository.ts';
import { totalCredits } from '../requests/request-versions.ts';

export const HISTORY_CSV_COLUMNS = ['asked_at', 'kind', 'status', 'question', 'models', 'answered', 'credits_used'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe, so an exported question
 * can never execute on the machine that opens the file.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The history as CSV, newest first: one line per request, its models as `engine/model` separated by spaces. */
export function historyCsv(rows: readonly HistoryRow[]): string {
  const lines = [HISTORY_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.createdAt.toISOString(),
        row.kind,
        row.status,
        row.query,
        row.results.map((result) => `${result.engine}/${result.model}`).join(' '),
        row.results.filter((result) => result.success).length,
        totalCredits(row.results),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
