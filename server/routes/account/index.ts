import type { FastifyPluginAsync } from 'fastify';
import { accountDeletionRoutes } from './account-deletion-routes.ts';
import { accountEmailRoutes } from './account-email-routes.ts';
import { accountProfileRoutes } from './account-profile-routes.ts';
import { accountSessionRoutes } from './account-session-routes.ts';

/**
 * `/api/account/…`: the Settings page's calls. Each needs a signed-in session (a 401 `UNAUTHORIZED` otherwise),
 * except confirming a new address, whose mailed link is its own proof and may be opened on another device.
 */
const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(accountSessionRoutes);
  await app.register(accountProfileRoutes);
  await app.register(accountEmailRoutes);
  await app.register(accountDeletionRoutes);
};

export default accountRoutes;
