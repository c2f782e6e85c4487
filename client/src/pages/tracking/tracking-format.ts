/** How the tracking page writes its numbers: one place, so cards, charts and tables agree. */

export const percentText = (value: number | null): string => (value === null ? '—' : `${Math.round(value * 10) / 10}%`);
export const positionText = (value: number | null): string => (value === null ? '—' : `#${Math.round(value * 10) / 10}`);
export const sentimentText = (value: number | null): string => {
  if (value === null) return '—';
  const label = value > 0.2 ? 'positive' : value < -0.2 ? 'negative' : 'neutral';
  return `${value > 0 ? '+' : ''}${Math.round(value * 100) / 100} (${label})`;
};
export const creditsText = (credits: number): string => `${credits.toLocaleString('en-US')} ${credits === 1 ? 'credit' : 'credits'}`;

/** When a run began, as a short local date and time. */
export const whenText = (iso: string): string =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The prompts typed one per line: trimmed, blank lines dropped, each once. */
export function promptLines(text: string): string[] {
  return [...new Set(text.split('\n').map((line) => line.trim()).filter(Boolean))];
}

/** An interval as a chart band: `[low, high]`, or a gap when either end is unknown. */
export function band(interval: { low: number | null; high: number | null } | undefined): [number, number] | undefined {
  return interval && interval.low !== null && interval.high !== null ? [interval.low, interval.high] : undefined;
}

/** "50% (25.4–74.6%)": a rate with its interval, as the tables write it. */
export function rangeText(value: number | null, low: number | null, high: number | null, format: (value: number | null) => string = percentText): string {
  if (value === null) return '—';
  return low === null || high === null ? format(value) : `${format(value)} (${format(low).replace(/%$/, '')}–${format(high)})`;
}
