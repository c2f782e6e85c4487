import { ConfigurationError, loadConfig } from '../core/config/config.ts';
import { createLogger } from '../core/logging/create-logger.ts';
import { startWorkerProcess } from './worker-process.ts';

/** Entry point of one worker process. Start as many as you like; they share the queue. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config, 'worker');
  const running = await startWorkerProcess(config, logger);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down: finishing answers in flight');
    running
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'worker did not shut down cleanly');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('worker failed to start:', error);
  process.exit(1);
});
