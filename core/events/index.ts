/**
 * A request's event stream in Redis and the account channels.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export {
  type AccountEvent,
  accountEventChannel,
  parseAccountEvent,
  userIdFromAccountEventChannel,
} from './account-event.ts';
export { requestEventKeys, requestIdFromChannel, runLeaseKey } from './request-event-keys.ts';
export { readRequestEventPages } from './request-event-reader.ts';
export { type OrderedAppendOutcome, parseRunEvent, RequestEventWriter } from './request-event-writer.ts';
export { type AnswerSource, isTerminalRunEvent, type RunEvent, type UnsequencedRunEvent } from './run-event.ts';
