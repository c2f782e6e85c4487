/**
 * The one CSV writer every export uses (history, tracking), so each gets the same quoting and the same defence.
 *
 * A field is quoted (RFC 4180) when it holds a comma, quote or line break. Text a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe, which spreadsheets hide: an
 * exported question or answer is untrusted and must never execute on the machine that opens the file. Numbers and
 * booleans are written as they are (a negative number is data, not a formula); null is an empty field.
 */
export type CsvValue = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of fields, ended with CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
