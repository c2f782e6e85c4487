import type { Logger } from 'pino';
import { ConfigurationError, loadConfig, type QuorumConfig } from '../config/index.ts';

/** Exit code for a configuration error (EX_CONFIG), so supervisors can tell "fix your settings" from a crash. */
const CONFIGURATION_EXIT_CODE = 78;

export function loadConfigOrExit(): QuorumConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      console.error(error.message);
      process.exit(CONFIGURATION_EXIT_CODE);
    }
    throw error;
  }
}

/**
 * On the first SIGTERM or SIGINT, runs `close` once and exits: 0 when it finished cleanly, 1 when it threw.
 * A second signal while closing is ignored; the grace periods inside `close` bound how long it takes.
 */
export function closeOnShutdownSignal(logger: Pick<Logger, 'info' | 'error'>, what: string, close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${what} shutting down`);
    close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, `${what} did not shut down cleanly`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
