/** Lays rows out as a plain-text table with `|` between columns, each column as wide as its widest cell. */
export function formatTextTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    widths
      .map((width, column) => (cells[column] ?? '').padEnd(width))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-|-');
  return [line(header), rule, ...rows.map(line)].join('\n');
}
