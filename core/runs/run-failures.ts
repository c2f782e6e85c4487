import { RUN_FAILURES, type RunFailureCode } from '../../contract/run-failures.ts';

/** The run failures are part of the contract: the browser reads their codes in its stream frames. */
export { RUN_FAILURES, type RunFailureCode };

export function isRetryableRunFailure(code: string): boolean {
  // hasOwn, not `in`: `constructor` is in every object.
  return Object.hasOwn(RUN_FAILURES, code) ? RUN_FAILURES[code as RunFailureCode].retryable : false;
}

export function runFailure(code: RunFailureCode, detail?: string): { code: RunFailureCode; message: string } {
  return { code, message: detail ?? RUN_FAILURES[code].message };
}
