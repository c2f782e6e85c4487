/**
 * GEO tracking: sets, schedules, slot runs, results, alerts and their statistics.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { CANARY_RUNS, trackingCanary } from './canary-drift.ts';
export { trackingCost } from './tracking-cost.ts';
export { trackingCsv } from './tracking-csv.ts';
export { factContradictionsCsv, trackingFactChecks } from './tracking-fact-checks.ts';
export {
  CURRENT_ANALYSER,
  reanalyseTrackingSet,
  reanalysisCounts,
  type ReanalysisJudge,
} from './tracking-reanalysis.ts';
export { trackingDashboard, trackingResults } from './tracking-results-repository.ts';
export { trackingRetrieval } from './tracking-retrieval.ts';
export { announceRequestEnded } from './tracking-run-finisher.ts';
export { scheduleTrackingSet, unscheduleTrackingSet } from './tracking-schedules.ts';
export { checkTrackedModels } from './tracking-set-checks.ts';
export {
  createTrackingSet,
  deleteTrackingSet,
  describeTrackingSets,
  ownedTrackingSet,
  ownedTrackingSets,
  trackingRuns,
  updateTrackingSet,
} from './tracking-set-repository.ts';
export { activeTrackingSets, type StoredTrackingSet } from './tracking-sets.ts';
export {
  closeAbandonedRun,
  closeAbandonedSlot,
  finishTrackingRun,
  runTrackingSlot,
  type TrackingRunDependencies,
} from './tracking-slot-runs.ts';
export { trackingTables } from './tracking-tables.ts';
