import type { FastifyPluginAsync } from 'fastify';
import { trackingFactCheckRoutes } from './tracking-fact-check-routes.ts';
import { trackingReanalysisRoutes } from './tracking-reanalysis-routes.ts';
import { trackingResultRoutes } from './tracking-result-routes.ts';
import { trackingSetRoutes } from './tracking-set-routes.ts';
import { trackingRetrievalRoutes } from './tracking-retrieval-routes.ts';

/**
 * GEO tracking's calls: prompt sets (create, list, edit, pause or resume, delete) with their cost, the dashboard's
 * series, the runs, the stored results as JSON pages and as a streamed CSV, the fact-checks against the brand's sheet. Saving an active set (re)starts its
 * BullMQ job scheduler; pausing or deleting stops it. Tracking belongs to a signed-in person.
 */
const trackingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(trackingSetRoutes);
  await app.register(trackingResultRoutes);
  await app.register(trackingRetrievalRoutes);
  await app.register(trackingReanalysisRoutes);
  await app.register(trackingFactCheckRoutes);
};

export default trackingRoutes;
