import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where an answer's first token spends its time, step by step, for `npm run bench:steps`. Off unless the process
 * starts with `QUORUM_STAGE_TRACE=1`; then every marked step is kept (a few numbers per question) and written as
 * one stderr line per question or run once its first token has gone out:
 *
 *   stage-trace {"requestId":…,"runId":…,"process":"server"|"worker","steps":[["received",1732420000123.456],…]}
 *
 * Times are wall-clock milliseconds with microseconds (the time origin plus the monotonic clock), so the
 * benchmark can line them up with its own and the other processes' clocks on one machine. When off, every call
 * is one boolean check: nothing is measured, stored or written.
 */
export const stageTraceEnabled = process.env.QUORUM_STAGE_TRACE === '1';

interface Trace {
  steps: [step: string, at: number][];
  written: boolean;
}

const currentTrace = new AsyncLocalStorage<Trace>();

/** The clock every trace and the benchmark read: wall-clock milliseconds, to the microsecond. */
export function wallClockMs(): number {
  return performance.timeOrigin + performance.now();
}

/** Starts collecting steps for the work that follows in this async context (one HTTP request, one job). */
export function beginStageTrace(firstStep: string): void {
  if (!stageTraceEnabled) return;
  currentTrace.enterWith({ steps: [[firstStep, wallClockMs()]], written: false });
}

/** Notes that `step` was reached now, in the current context's trace (if any). */
export function markStage(step: string): void {
  if (!stageTraceEnabled) return;
  const trace = currentTrace.getStore();
  if (trace && !trace.written) trace.steps.push([step, wallClockMs()]);
}

/** Writes the current context's steps under the question (and run) they belong to, once; later calls do nothing. */
export function writeStageTrace(processName: 'server' | 'worker', requestId: string, runId?: string): void {
  if (!stageTraceEnabled) return;
  const trace = currentTrace.getStore();
  if (!trace || trace.written) return;
  trace.written = true;
  process.stderr.write(`stage-trace ${JSON.stringify({ requestId, runId: runId ?? null, process: processName, steps: trace.steps })}\n`);
}
