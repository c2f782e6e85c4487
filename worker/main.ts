import { createLogger } from '../core/logging/index.ts';
import { closeOnShutdownSignal, loadConfigOrExit } from '../core/process/index.ts';
import { startWorkerProcess } from './worker-process.ts';

/** Entry point of one worker process. Start as many as you like; they share the queue. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config, 'worker');
  const running = await startWorkerProcess(config, logger);
  // Under `npm start`: tell the launcher this worker came up (a crash after that is no failure to start).
  if (process.send) {
    process.send('ready');
    process.channel?.unref();
  }
  closeOnShutdownSignal(logger, 'worker (finishing answers in flight)', () => running.close());
}

main().catch((error: unknown) => {
  console.error('worker failed to start:', error);
  process.exit(1);
});
