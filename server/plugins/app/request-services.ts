import fastifyPlugin from 'fastify-plugin';
import type { RequestServices } from '../../requests/request-services.ts';
import { AccountEventHub } from '../../streaming/account-events.ts';
import { ChannelHub } from '../../streaming/channel-hub.ts';
import { RequestEventHub } from '../../streaming/request-event-hub.ts';
import { SessionEndWatch } from '../../streaming/session-end-watch.ts';
import { liveSessionExpiries } from '../../../core/accounts/index.ts';
import { announceRequestEnded } from '../../../core/tracking/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What admitting, watching, relaying and stopping requests work with; routes hand it to those services. */
    requestServices: RequestServices;
  }
}

/**
 * Builds the request services once: one pub/sub subscriber connection for the whole process, carrying the
 * requests' live events, the users' account events and the notices of ended sessions, and the dependencies every
 * request service draws from.
 */
export default fastifyPlugin(
  async (app) => {
    const { config } = app;
    const subscriber = await app.redisConnections.connectReady('subscriber');
    app.addHook('onClose', async () => {
      await app.shutdown.run('redis subscriber connection', () => app.redisConnections.close('subscriber'));
    });
    const channels = new ChannelHub(subscriber, app.log);
    const keyPrefix = config.redis.keyPrefix;
    // Subscribed from the start, whatever SESSION_CACHE_MS says: a live socket must hear its session end. It stays
    // subscribed until the connection quits at close.
    const sessionEnds = new SessionEndWatch((tokenHashes) => liveSessionExpiries(app.orm.em.fork(), tokenHashes), app.log);
    await sessionEnds.listen(channels, keyPrefix);

    app.decorate('requestServices', {
      orm: app.orm,
      redis: app.redis,
      keyPrefix,
      eventWriter: app.eventWriter,
      requestEvents: new RequestEventHub(channels, keyPrefix),
      accountEvents: new AccountEventHub(channels, keyPrefix, app.log),
      sessionEnds,
      answerQueue: app.answerQueue,
      openStreams: app.openStreams,
      liveness: {
        orm: app.orm,
        redis: app.redis,
        queue: app.answerQueue,
        writer: app.eventWriter,
        keyPrefix,
        limits: { runLeaseMs: config.worker.runLeaseMs, queueWaitTimeoutMs: config.server.queueWaitTimeoutMs },
        // A watched answer the watchdog ends may be a tracking slot's last: its slot finishes now, not at its deadline.
        onRequestEnded: (requestId: string) => announceRequestEnded(app.orm.em.fork(), app.trackingQueue, requestId),
      },
      catalogue: app.catalogue,
      engineSettings: { demoMode: config.demoMode, providers: config.providers, localModels: config.localModels },
      queueWaitTimeoutMs: config.server.queueWaitTimeoutMs,
      providerTimeoutMs: config.worker.providerTimeoutMs,
      logger: app.log,
    } satisfies RequestServices);
  },
  { name: 'request-services', dependencies: ['configuration', 'catalogue', 'database', 'redis', 'queues', 'open-streams'] },
);
