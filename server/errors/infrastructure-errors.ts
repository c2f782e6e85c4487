/** Shared with the worker, which also has to tell "Postgres is down" from a real failure. */
export { isInfrastructureUnavailable } from '../../core/errors/infrastructure-errors.ts';
