import { ConfigurationError, loadConfig } from '../core/config/config.ts';
import { buildServer } from './build-server.ts';

/** Entry point of the HTTP server: listens, and on SIGTERM/SIGINT lets open streams finish before exiting. */
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
  const app = await buildServer(config);
  if (config.usingDevelopmentSecret) {
    app.log.warn('APP_SECRET is not set: using the development secret. Set APP_SECRET before going live.');
  }
  if (config.demoMode) {
    app.log.warn('DEMO MODE: no provider API key is configured; workers answer from the built-in simulator');
  }
  await app.listen({ host: config.server.host, port: config.server.port });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'server shutting down');
    app
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'server did not shut down cleanly');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('server failed to start:', error);
  process.exit(1);
});
