import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { QuorumConfig } from '../core/config/index.ts';
import { installErrorHandler } from './errors/error-handler.ts';
import accounts from './plugins/app/accounts.ts';
import sessionInvalidations from './plugins/app/session-invalidations.ts';
import queues from './plugins/app/queues.ts';
import catalogue from './plugins/app/catalogue.ts';
import clientIdentity from './plugins/app/client-identity.ts';
import configuration from './plugins/app/configuration.ts';
import database from './plugins/app/database.ts';
import openStreams from './plugins/app/open-streams.ts';
import originCheck from './plugins/app/origin-check.ts';
import payments from './plugins/app/payments.ts';
import redis from './plugins/app/redis.ts';
import requestServices from './plugins/app/request-services.ts';
import signIn from './plugins/app/sign-in.ts';
import clientStatic from './plugins/external/client-static.ts';
import cookie from './plugins/external/cookie.ts';
import helmet from './plugins/external/helmet.ts';
import loadShedding from './plugins/external/load-shedding.ts';
import openApi from './plugins/external/openapi.ts';
import rateLimit from './plugins/external/rate-limit.ts';
import websocket from './plugins/external/websocket.ts';
import authRoutes from './routes/auth/index.ts';
import accountRoutes from './routes/account/index.ts';
import brandRoutes from './routes/brand/index.ts';
import compareRoutes from './routes/compare/index.ts';
import creditsRoutes from './routes/credits/index.ts';
import historyRoutes from './routes/history/index.ts';
import liveRoutes from './routes/live/index.ts';
import requestsRoutes from './routes/requests/index.ts';
import healthRoutes from './routes/health/index.ts';
import modelsRoutes from './routes/models/index.ts';
import paymentsRoutes from './routes/payments/index.ts';
import developmentOutboxRoute from './routes/dev-outbox/index.ts';
import searchRoutes from './routes/search/index.ts';
import attachmentRoutes from './routes/attachments/index.ts';
import supportRoutes from './routes/support/index.ts';
import siteRoutes from './routes/site/index.ts';
import apiKeyRoutes from './routes/api-keys/index.ts';
import openAiCompatibleRoutes from './routes/openai-compatible/index.ts';
import mcpRoutes from './routes/mcp/index.ts';
import trackingRoutes from './routes/tracking/index.ts';
import arenaRoutes from './routes/arena/index.ts';
import shareRoutes from './routes/shares/index.ts';
import sharePageRoute from './routes/shares/share-page.ts';
import sharePreviewRoute from './routes/shares/share-preview.ts';
import exportRoutes from './routes/exports/index.ts';
import judgeRoutes from './routes/judge/index.ts';
import councilRoutes from './routes/council/index.ts';
import teamRoutes from './routes/teams/index.ts';
import observability from './observability/observability-plugin.ts';
import metricsRoute from './routes/metrics/index.ts';
import queueDashboard from './routes/queue-dashboard/index.ts';
import { beginStageTrace, stageTraceEnabled } from '../core/tracing/index.ts';

/**
 * The whole application as one plugin: third-party wiring, our services as decorators, then the routes under
 * /api. It never listens; `main.ts` does, and tests register the same plugin and talk to it. Not encapsulated, so
 * whoever registers it sees its decorators (tests read `app.orm`).
 */
async function quorumApp(app: FastifyInstance, options: { config: QuorumConfig }): Promise<void> {
  await app.register(configuration, { config: options.config });
  // Benchmark aid (`npm run bench:steps`): every request starts a trace of its steps. Off unless asked for.
  if (stageTraceEnabled) app.addHook('onRequest', async () => beginStageTrace('received'));
  await app.register(helmet);
  await app.register(loadShedding);
  await app.register(cookie);
  await app.register(catalogue);
  await app.register(payments);
  await app.register(database);
  await app.register(redis);
  await app.register(rateLimit);
  await app.register(queues);
  await app.register(openStreams);
  await app.register(observability);
  await app.register(requestServices);
  // After open-streams: at shutdown its drain ends subscriptions before this closes their sockets.
  await app.register(websocket);
  await app.register(accounts);
  await app.register(sessionInvalidations);
  // Before every route: routes marked `signIn: 'required'` get their check from here.
  await app.register(signIn);
  await app.register(clientIdentity);
  await app.register(originCheck);
  await app.register(clientStatic);
  await app.register(openApi);
  installErrorHandler(app);
  await app.register(developmentOutboxRoute);
  // For operators: Prometheus metrics and the queue dashboard (only for QUEUE_DASHBOARD_ADMINS).
  await app.register(metricsRoute);
  await app.register(queueDashboard);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(modelsRoutes);
      await api.register(siteRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(creditsRoutes);
      await api.register(compareRoutes);
      await api.register(requestsRoutes);
      await api.register(historyRoutes);
      await api.register(brandRoutes);
      await api.register(apiKeyRoutes);
      await api.register(searchRoutes);
      await api.register(attachmentRoutes);
      await api.register(liveRoutes);
      await api.register(supportRoutes);
      await api.register(paymentsRoutes);
      await api.register(trackingRoutes);
      await api.register(arenaRoutes);
      await api.register(shareRoutes);
      await api.register(sharePreviewRoute);
      await api.register(exportRoutes);
      await api.register(judgeRoutes);
      await api.register(councilRoutes);
      await api.register(teamRoutes);
    },
    { prefix: '/api' },
  );
  // OpenAI's wire format, with its own error shape (not the envelope), for OpenAI clients holding a Quorum API key.
  await app.register(openAiCompatibleRoutes, { prefix: '/v1' });
  // A shared link's page, with its link-preview tags (outside /api: it is the page people open).
  await app.register(sharePageRoute);
  // The MCP server for AI assistants, authorised by the same keys.
  await app.register(mcpRoutes);
}

export default fastifyPlugin(quorumApp, { name: 'quorum' });
