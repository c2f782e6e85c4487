/**
 * The runs' dates under a tracking chart. Each run is labelled "29 Nov, 14:05" (`whenText`), which keeps two runs of
 * one day apart. On a narrow chart, when no two runs share a day, the time is dropped ("29 Nov"): it says nothing
 * the date does not, and the shorter label leaves room for more of them. The chart then shows as many dates as fit
 * with a clear gap between them, always the first and the last (the newest run is the one people look for).
 */

/** Below this width (in pixels) a chart writes its dates short. */
export const NARROW_CHART_PX = 560;

/** The day of a run's label: "29 Nov" of "29 Nov, 14:05". */
export const dayOf = (label: string): string => label.split(', ')[0] ?? label;

/** Whether the dates may be written without their time: the chart is narrow and no two runs share a day. */
export function shortDates(labels: readonly string[], chartWidth: number): boolean {
  return chartWidth > 0 && chartWidth < NARROW_CHART_PX && new Set(labels.map(dayOf)).size === labels.length;
}

/** The x axis's settings for a chart `chartWidth` wide whose runs are labelled `labels`. */
export function dateAxisProps(labels: readonly string[], chartWidth: number) {
  const short = shortDates(labels, chartWidth);
  return {
    // Room right of the last run for half its date, centred on it; the first run's date has the y axis to its left.
    padding: { left: 0, right: short ? 24 : 36 },
    interval: 'preserveStartEnd' as const,
    // Pixels kept clear between two dates: a date never touches the next.
    minTickGap: 14,
    tickFormatter: short ? dayOf : (label: string) => label,
  };
}
