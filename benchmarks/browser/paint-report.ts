import { percentile } from '../percentiles.ts';
import { formatTextTable } from '../text-table.ts';
import type { ColdLoad } from './cold-load-paint.ts';
import type { StreamingRun } from './streaming-long-tasks.ts';

export const LCP_GOAL_MS = 1_000;
export const LONG_TASK_LIMIT_MS = 50;

export interface ViewportLoads {
  viewport: { width: number; height: number };
  loads: ColdLoad[];
}

export interface PaintSummary {
  /** The worse of the viewports' median LCPs. */
  lcpMs: number;
  /** The longest task seen while any of the comparisons streamed; 0 when none reached 50 ms. */
  longestTaskMs: number;
  tasksOver50ms: number;
}

const milliseconds = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');

export function summarisePaint(viewports: readonly ViewportLoads[], runs: readonly StreamingRun[]): PaintSummary {
  const tasks = runs.flatMap((run) => run.longTasks);
  return {
    lcpMs: Math.round(Math.max(...viewports.map(({ loads }) => percentile(loads.map((load) => load.lcpMs), 50)))),
    longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
    tasksOver50ms: tasks.filter((task) => task.duration > LONG_TASK_LIMIT_MS).length,
  };
}

/** One row per viewport for the cold loads, one per comparison for the streaming, each against its goal. */
export function formatPaintReport(viewports: readonly ViewportLoads[], runs: readonly StreamingRun[]): string {
  const loadRows = viewports.map(({ viewport, loads }) => {
    const samples = loads.map((load) => load.lcpMs);
    const median = percentile(samples, 50);
    const elements = [...new Set(loads.map((load) => load.element ?? '?'))].join(' / ');
    return [`${viewport.width}×${viewport.height}`, String(loads.length), milliseconds(median), milliseconds(Math.min(...samples)), milliseconds(Math.max(...samples)), verdict(median <= LCP_GOAL_MS), elements];
  });
  const runRows = runs.map((run, index) => {
    const longest = Math.max(0, ...run.longTasks.map((task) => task.duration));
    const over = run.longTasks.filter((task) => task.duration > LONG_TASK_LIMIT_MS).length;
    const when = run.longTasks.map((task) => `${Math.round(task.duration)} at +${Math.round(task.startTime)}`).join(', ');
    return [String(index + 1), milliseconds(run.streamedMs), run.longTasks.length === 0 ? '< 50 ms' : milliseconds(longest), String(over), verdict(over === 0), when];
  });
  return [
    `Largest Contentful Paint of / (cold loads as a guest; goal: median ≤ ${LCP_GOAL_MS} ms)`,
    formatTextTable(['viewport', 'loads', 'median', 'min', 'max', 'goal', 'largest element'], loadRows),
    '',
    `Long tasks while 5 comparison columns stream (goal: none over ${LONG_TASK_LIMIT_MS} ms)`,
    formatTextTable(['comparison', 'streamed for', 'longest task', 'tasks > 50 ms', 'goal', 'long tasks (ms, at ms after Compare)'], runRows),
  ].join('\n');
}
