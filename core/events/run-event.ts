/**
 * The run events are part of the shared contract (server, worker and browser read the same description); this
 * module keeps the name the event path has always imported them by.
 */
export * from '../../contract/run-events.ts';
