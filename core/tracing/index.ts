/**
 * Tracing: a request id and the stages of a question across processes.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { currentRequestId, requestAgeMs, requestContextStore } from './request-context.ts';
export { beginStageTrace, markStage, stageTraceEnabled, wallClockMs, writeStageTrace } from './stage-trace.ts';
