import type { EntityManager } from '@mikro-orm/postgresql';
import type { TrackingSurface } from '../../contract/tracking.ts';

/** Answers naming the brand and answers read, in a run (`current`) and in its baseline window (`baseline`). */
export interface WindowReadingsRow {
  surface: TrackingSurface;
  current_mentioned: number;
  current_readings: number;
  baseline_mentioned: number;
  baseline_readings: number;
}

/**
 * The completed answers of a run and of the completed runs in the `baselineMs` before its slot, counted per the
 * groups given (after the surface, which always comes first). The pooled alert counts per surface; the paired test per
 * prompt-and-model cell: one statement, so both read exactly the same two windows.
 */
export function windowReadings(em: EntityManager, runId: string, baselineMs: number, groupBy: readonly string[] = []): Promise<WindowReadingsRow[]> {
  return em.execute<WindowReadingsRow[]>(
    `select result.surface,
            count(*) filter (where result.run_id = current.id and result.mentioned)::int as current_mentioned,
            count(*) filter (where result.run_id = current.id)::int as current_readings,
            count(*) filter (where result.run_id <> current.id and result.mentioned)::int as baseline_mentioned,
            count(*) filter (where result.run_id <> current.id)::int as baseline_readings
       from tracking_runs as current
       join tracking_runs as window_run on window_run.set_id = current.set_id
        and (window_run.id = current.id
             or (window_run.status = 'completed' and window_run.slot_start < current.slot_start
                 and window_run.slot_start >= current.slot_start - make_interval(secs => ? / 1000.0)))
       join tracking_results as result on result.run_id = window_run.id and result.status = 'completed'
      where current.id = ?
      group by ${['result.surface', ...groupBy].join(', ')}`,
    [baselineMs, runId],
  );
}
