import type { ModelChange, TrackingSurface } from '../../contract/tracking.ts';

export type { ModelChange } from '../../contract/tracking.ts';

/** How many of one run's answers from one model reported one version. */
export interface VersionCount {
  runId: string;
  slotStart: string;
  startedAt: string;
  engine: string;
  model: string;
  surface: TrackingSurface;
  version: string;
  answers: number;
}

/**
 * The model changes in a set's runs. Per model (and surface), each run is read as the version most of its answers
 * reported (a provider rolling a snapshot out mid-slot answers with both); a change is a run whose version differs
 * from the model's previous run that reported one. Answers without a reported version (older rows, vendors that send
 * none) neither make nor hide a change. Ties go to the alphabetically last version, so the result is stable.
 */
export function modelChanges(counts: readonly VersionCount[]): ModelChange[] {
  const runsByModel = new Map<string, Map<string, { run: VersionCount; versions: Map<string, number> }>>();
  for (const count of counts) {
    const modelKey = `${count.surface}\u0000${count.engine}\u0000${count.model}`;
    const runs = runsByModel.get(modelKey) ?? new Map();
    const run = runs.get(count.runId) ?? { run: count, versions: new Map<string, number>() };
    run.versions.set(count.version, (run.versions.get(count.version) ?? 0) + count.answers);
    runs.set(count.runId, run);
    runsByModel.set(modelKey, runs);
  }
  const changes: ModelChange[] = [];
  for (const runs of runsByModel.values()) {
    const ordered = [...runs.values()].sort((left, right) => left.run.slotStart.localeCompare(right.run.slotStart) || left.run.startedAt.localeCompare(right.run.startedAt));
    let previous: string | undefined;
    for (const { run, versions } of ordered) {
      const version = dominantVersion(versions);
      if (previous !== undefined && version !== previous) {
        changes.push({ runId: run.runId, slotStart: run.slotStart, startedAt: run.startedAt, engine: run.engine, model: run.model, surface: run.surface, from: previous, to: version });
      }
      previous = version;
    }
  }
  return changes.sort((left, right) => left.slotStart.localeCompare(right.slotStart) || left.engine.localeCompare(right.engine) || left.model.localeCompare(right.model));
}

function dominantVersion(versions: ReadonlyMap<string, number>): string {
  let best: [string, number] | undefined;
  for (const entry of versions) {
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] > best[0])) best = entry;
  }
  return best![0];
}
