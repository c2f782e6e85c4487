import type { FastifyPluginAsync } from 'fastify';
import { trackingResultRoutes } from './tracking-result-routes.ts';
import { trackingSetRoutes } from './tracking-set-routes.ts';

/**
 * GEO tracking's calls: prompt sets (create, list, edit, pause or resume, delete) with their cost, the dashboard's
 * series, the runs, the stored results as JSON pages and as a streamed CSV. Saving an active set (re)starts its
 * BullMQ job scheduler; pausing or deleting stops it. Tracking belongs to a signed-in person.
 */
const trackingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(trackingSetRoutes);
  await app.register(trackingResultRoutes);
};

export default trackingRoutes;
