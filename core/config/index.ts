/**
 * Configuration: every environment variable read and checked once.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export type { QuorumConfig, RedisSettings } from './config-shape.ts';
export { ConfigurationError, loadConfig, type ProviderId, type ProviderSettings } from './config.ts';
export {
  COMPILED_DIRECTORY,
  dataFilePath,
  PROJECT_ROOT,
  RUNNING_COMPILED,
  SHIPPED_DATA_FILES,
} from './project-files.ts';
