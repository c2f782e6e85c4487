/**
 * Redis: connections of the right kind, made in one place, and their readiness.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { connectionReadyForMs } from './connection-readiness.ts';
export { hashSlot } from './hash-slot.ts';
export { isCluster, type RedisClient } from './redis-client.ts';
export { RedisConnections } from './redis-connections.ts';
