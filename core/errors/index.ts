/**
 * Errors: the application error, the recogniser of a dependency that is down, and the retry that waits one out.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { AppError, ERROR_CODES } from './app-error.ts';
export { isInfrastructureUnavailable } from './infrastructure-errors.ts';
export { retryWhileUnavailable, type RetryWhileUnavailableOptions } from './retry-while-unavailable.ts';
