import type { AnalyserChange, SettingChange, TrackingSurface } from '../../contract/tracking.ts';

/** How one run asked one model: the temperature most of its answers were sent with, and whether they searched. */
export interface RunSettings {
  runId: string;
  slotStart: string;
  startedAt: string;
  engine: string;
  model: string;
  surface: TrackingSurface;
  /** Null: no temperature was sent (the model's default). */
  temperature: number | null;
  webSearch: boolean;
}

/**
 * The changes in how a set's readings were taken, per model (and surface): a run that asked at another temperature,
 * or with web search on where it was off (or the reverse), than the model's run before. Like a version change, each
 * starts a new segment: a rate read at temperature 0.2 and one read at the default are two measurements, not one line.
 */
export function settingChanges(runs: readonly RunSettings[]): SettingChange[] {
  const byModel = new Map<string, RunSettings[]>();
  for (const run of runs) {
    const key = `${run.surface}\u0000${run.engine}\u0000${run.model}`;
    byModel.set(key, [...(byModel.get(key) ?? []), run]);
  }
  const changes: SettingChange[] = [];
  for (const ordered of byModel.values()) {
    ordered.sort((left, right) => left.slotStart.localeCompare(right.slotStart) || left.startedAt.localeCompare(right.startedAt));
    ordered.forEach((run, index) => {
      const previous = ordered[index - 1];
      if (!previous) return;
      const at = { runId: run.runId, slotStart: run.slotStart, startedAt: run.startedAt, engine: run.engine, model: run.model, surface: run.surface };
      if (run.temperature !== previous.temperature) changes.push({ ...at, setting: 'temperature', from: previous.temperature, to: run.temperature });
      if (run.webSearch !== previous.webSearch) changes.push({ ...at, setting: 'webSearch', from: previous.webSearch, to: run.webSearch });
    });
  }
  return changes.sort((left, right) => left.slotStart.localeCompare(right.slotStart) || left.engine.localeCompare(right.engine) || left.model.localeCompare(right.model));
}

/**
 * Where the analyser behind a set's readings changed: the first run read by another analyser than the run before
 * (a run's analyser being the one most of its readings carry). Runs whose readings carry none (older rows) are
 * passed over. A marker only: the answers are the same, only how they were read differs, and re-analysing the
 * history brings the earlier runs to the same analyser, which removes the marker.
 */
export function analyserChanges(runs: readonly { runId: string; slotStart: string; startedAt: string; analyser: string | null }[]): AnalyserChange[] {
  const ordered = [...runs].filter((run) => run.analyser !== null).sort((left, right) => left.slotStart.localeCompare(right.slotStart));
  const changes: AnalyserChange[] = [];
  ordered.forEach((run, index) => {
    const previous = ordered[index - 1];
    if (previous && previous.analyser !== run.analyser) changes.push({ runId: run.runId, slotStart: run.slotStart, startedAt: run.startedAt, from: previous.analyser, to: run.analyser! });
  });
  return changes;
}
