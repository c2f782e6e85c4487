import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyPluginAsync } from 'fastify';
import { openQueue } from '../../../core/jobs/queue-catalogue.ts';
import { createRedisConnection, waitUntilReady } from '../../../core/redis/redis-connection.ts';
import { dashboardGuard } from './dashboard-access.ts';
import { relaxCspForDashboard } from './dashboard-csp.ts';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Bull Board at `/admin/queues`: every BullMQ queue Quorum uses (answers, GEO tracking, arena leaderboards), their
 * jobs, and retry/clean for the people named in QUEUE_DASHBOARD_ADMINS. Not mounted at all when nobody is named.
 * Encapsulated: its access check and relaxed CSP apply to its own routes only.
 */
const queueDashboard: FastifyPluginAsync = async (app) => {
  const admins = app.config.operations.queueDashboardAdmins;
  if (admins.length === 0) return;

  // The server never uses the leaderboard queue itself (workers schedule it), so it gets a handle just for this.
  const connection = createRedisConnection(app.config.redis, 'fail-fast', app.log as never, 'quorum-server-dashboard');
  await waitUntilReady(connection);
  const leaderboards = openQueue('leaderboards', connection, app.config.redis.keyPrefix);
  app.addHook('onClose', async () => {
    await leaderboards.close();
    await connection.quit().catch(() => connection.disconnect());
  });

  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: [app.answerQueue, app.trackingQueue, leaderboards].map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Quorum queues', hideDocsLink: true } },
  });

  await app.register(async (dashboard) => {
    dashboard.addHook('onRoute', relaxCspForDashboard(app.config.server.appUrl));
    dashboard.addHook('onRequest', dashboardGuard(admins));
    await dashboard.register(serverAdapter.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
  });
};

export default queueDashboard;
