import { closeOnShutdownSignal, loadConfigOrExit } from '../core/process/index.ts';
import { buildServer } from './build-server.ts';

/** Entry point of the HTTP server: listens, and on SIGTERM/SIGINT lets open streams finish before exiting. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildServer(config);
  if (config.usingDevelopmentSecret) {
    app.log.warn('APP_SECRET is not set: using the development secret. Set APP_SECRET before going live.');
  }
  if (config.demoMode) {
    app.log.warn('DEMO MODE: no provider API key is configured; workers answer from the built-in simulator');
  }
  await app.listen({ host: config.server.host, port: config.server.port });
  closeOnShutdownSignal(app.log, 'server', () => app.close());
}

main().catch((error: unknown) => {
  console.error('server failed to start:', error);
  process.exit(1);
});
