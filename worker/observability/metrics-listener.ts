import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { scrapeAllowed } from '../../core/metrics/index.ts';

export interface MetricsListener {
  /** The port actually listened on, or undefined when off or the port was taken. */
  port: number | undefined;
  close(): Promise<void>;
}

/**
 * A worker has no HTTP server of its own, so it gets this tiny one: `GET /metrics` (Prometheus text, behind
 * `METRICS_TOKEN` when set) and `GET /health/live` (the process is up). Port 0 means off. A port already in use
 * (several workers on one machine) is a warning, never a crash: the worker's job is answering, not being watched.
 */
export async function startMetricsListener(options: { port: number; host: string; token: string | undefined; registry: Registry; logger: Logger }): Promise<MetricsListener> {
  const { registry, token, logger } = options;
  if (options.port === 0) return { port: undefined, close: async () => undefined };

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(response, 405, 'text/plain', 'Method not allowed\n');
    if (path === '/health/live') return answer(response, 200, 'application/json', JSON.stringify({ success: true, data: { status: 'live' }, error: null }));
    if (path !== '/metrics') return answer(response, 404, 'text/plain', 'Not found\n');
    if (!scrapeAllowed(request.headers.authorization, token)) {
      response.setHeader('www-authenticate', 'Bearer');
      return answer(response, 401, 'text/plain', 'Unauthorized\n');
    }
    registry.metrics().then(
      (text) => answer(response, 200, registry.contentType, text),
      (error: unknown) => {
        logger.error({ err: error }, 'could not collect metrics');
        answer(response, 500, 'text/plain', 'Could not collect metrics\n');
      },
    );
  });

  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      logger.warn({ err: error, port: options.port }, `worker metrics are off: port ${options.port} is not available (set WORKER_METRICS_PORT to a free port, or 0)`);
      resolve(false);
    });
    server.listen(options.port, options.host, () => resolve(true));
  });
  if (!listening) return { port: undefined, close: async () => undefined };
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  logger.info({ port }, 'worker metrics listening');
  return {
    port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

function answer(response: import('node:http').ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
}
