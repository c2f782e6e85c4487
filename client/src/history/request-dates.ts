/**
 * How the history shows moments: in the reader's own locale and time zone, short enough for a sidebar line or a
 * tab label. Unknown or unparseable values read as a dash rather than "Invalid Date".
 */
export function formatRequestDate(
  iso: string | null,
  options: { withSeconds?: boolean; locale?: string; timeZone?: string } = {},
): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(options.locale, {
    dateStyle: 'medium',
    // Repeats of one question are often minutes apart or less: their tabs need the seconds to tell them apart.
    timeStyle: options.withSeconds ? 'medium' : 'short',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
}
