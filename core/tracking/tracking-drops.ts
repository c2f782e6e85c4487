import type { TrackingSummary } from '../../contract/tracking.ts';

export interface MeasuredDrop {
  measure: 'Visibility' | 'Share of voice';
  before: number;
  after: number;
}

/**
 * The measures that fell by more than `threshold` points from one run to the next. A measure missing on either
 * side (no answers, no brand named) is not compared: absence is not a drop we can size.
 */
export function dropsBetween(previous: TrackingSummary, current: TrackingSummary, threshold: number): MeasuredDrop[] {
  const drops: MeasuredDrop[] = [];
  const compare = (measure: MeasuredDrop['measure'], before: number | null, after: number | null) => {
    if (before !== null && after !== null && before - after > threshold) drops.push({ measure, before, after });
  };
  compare('Visibility', previous.visibility, current.visibility);
  compare('Share of voice', previous.shareOfVoice, current.shareOfVoice);
  return drops;
}
