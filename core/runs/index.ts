/**
 * Runs: one model's answer from queued to its end, its liveness and figures.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { answerTimings } from './answer-timings.ts';
export { type FinishReason, isFinishReason } from './finish-reasons.ts';
export { FiguresCache } from './model-figures-cache.ts';
export { loadModelFigures, MODEL_FIGURES_SQL } from './model-figures.ts';
export { endedCorrectly, recordedRunEnding, type RunEnding } from './run-ending.ts';
export { isRetryableRunFailure, RUN_FAILURES, runFailure, type RunFailureCode } from './run-failures.ts';
export { pidOfRunLeaseOwner, runLeaseOwner } from './run-lease-owner.ts';
export { type ClaimedRun, claimRun, completeRun, failRunWithSettlement } from './run-lifecycle.ts';
export { checkRunLiveness, type RunLivenessCheckDependencies } from './run-liveness-check.ts';
export { livenessCutoffs } from './run-liveness.ts';
export { announceStoredOutcome, failRunAndAnnounce, runEndEvent, storedOutcomeEvent } from './run-outcome-announcer.ts';
export type { FailAndAnnounceOptions, RequestEndedListener } from './run-outcome-announcer.ts';
