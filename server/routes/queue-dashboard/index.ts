import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyPluginAsync } from 'fastify';
import { dashboardGuard } from './dashboard-access.ts';
import { relaxCspForDashboard } from './dashboard-csp.ts';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Bull Board at `/admin/queues`: every BullMQ queue Quorum uses (each partition of the answer queue, GEO tracking,
 * arena leaderboards), their jobs, and retry/clean for the people named in QUEUE_DASHBOARD_ADMINS. Not mounted at
 * all when nobody is named. It shows the server's own queue handles. Encapsulated: its access check and relaxed CSP
 * apply to its own routes only.
 */
const queueDashboard: FastifyPluginAsync = async (app) => {
  const admins = app.config.operations.queueDashboardAdmins;
  if (admins.length === 0) return;

  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: app.queues.all().map((queue) => new BullMQAdapter(queue)),
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
