/**
 * Process lifecycle: starting and stopping a process cleanly.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { ENTRY_POINTS, nodeArgumentsFor } from './entry-points.ts';
export { closeOnShutdownSignal, loadConfigOrExit } from './process-lifecycle.ts';
export { ShutdownSteps } from './shutdown-steps.ts';
