import type { Line } from './segmented-series.ts';
import { percentText } from './tracking-format.ts';

/**
 * What a tracking chart's numbers are, each on its own scale: shares in percent; the brand's position among the
 * brands an answer names (1 = named first, the best); or the tone of the mentions, from -1 to +1. Position and
 * sentiment have nothing in common, so they are never drawn against one axis.
 */
export type ChartScale = 'percent' | 'position' | 'sentiment';

/** Narrow axes: their ticks are short ("#3", "+0.5"), and a phone needs the width for the runs' dates. */
const AXIS_WIDTH = 44;
/**
 * Every tick shown (there are few), with room above the first and below the last: a tick on the plot's very edge
 * would be dropped by the chart as not fitting, and #1 is the tick that matters most.
 */
const ALL_TICKS = { interval: 0, padding: { top: 10, bottom: 10 } } as const;
/** At most this many position ticks, so the numbers stay apart on a short chart. */
const MOST_POSITION_TICKS = 6;

/**
 * The position axis's places, from 1 down to the furthest any line or band reaches (at least 2, so a brand always
 * named first still has a scale to sit at the top of), in whole places spaced so there are no more than six.
 */
export function positionTicks(lines: readonly Line[]): number[] {
  const reached = lines.flatMap((line) => line.points.flatMap((point) => [point.value ?? 1, point.band?.[1] ?? 1]));
  const furthest = Math.max(2, Math.ceil(Math.max(1, ...reached)));
  const step = Math.ceil((furthest - 1) / (MOST_POSITION_TICKS - 1));
  const ticks = [1];
  while (ticks.at(-1)! < furthest) ticks.push(ticks.at(-1)! + step);
  return ticks;
}

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
const hundredths = (value: number) => Math.round(value * 100) / 100;

/** How a value of each scale is written on its axis and in the tooltip. */
export const VALUE_TEXT: Record<ChartScale, (value: number) => string> = {
  percent: percentText,
  position: (value) => `#${hundredths(value)}`,
  sentiment: (value) => signed(hundredths(value)),
};

/**
 * The y axis of each scale. Position is reversed, as a ranking reads: #1 at the top and later places further down, so
 * a better position is drawn higher, like a higher visibility. Sentiment always spans the whole range, so a neutral
 * tone sits in the middle and a positive one above it.
 */
export function yAxisOf(scale: ChartScale, lines: readonly Line[]) {
  if (scale === 'percent') return { yAxisProps: { domain: [0, 100] as [number, number], tickFormatter: (value: number) => `${value}%` } };
  if (scale === 'sentiment') {
    return {
      yAxisLabel: 'Sentiment',
      yAxisProps: { domain: [-1, 1] as [number, number], ticks: [-1, -0.5, 0, 0.5, 1], width: AXIS_WIDTH, tickFormatter: signed, ...ALL_TICKS },
    };
  }
  const ticks = positionTicks(lines);
  return {
    yAxisLabel: 'Position',
    yAxisProps: { reversed: true, domain: [1, ticks.at(-1)!] as [number, number], ticks, allowDecimals: false, width: AXIS_WIDTH, tickFormatter: VALUE_TEXT.position, ...ALL_TICKS },
  };
}
