import type { FastifyInstance } from 'fastify';
import type { QuorumConfig } from '../../core/config/config.ts';
import { buildServer } from '../../server/build-server.ts';

/** Another Quorum server on the same Postgres and Redis, as behind a load balancer, listening on a free port. */
export interface SecondServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function startSecondServer(config: QuorumConfig): Promise<SecondServer> {
  const app = await buildServer(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => app.close() };
}
