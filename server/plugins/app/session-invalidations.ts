import fastifyPlugin from 'fastify-plugin';
import {
  parseSessionInvalidation,
  publishSessionInvalidation,
  sessionInvalidationChannel,
} from '../../../core/accounts/index.ts';

/**
 * Keeps the server's session cache honest: a sign-out or deleted account on any server is published on one Redis
 * channel, and every server drops the sessions it names the moment it hears it. The cache is used only while this
 * subscription is live: when the connection drops, the cache is emptied and bypassed until the server is
 * subscribed again, since meanwhile it might have missed a sign-out.
 */
export default fastifyPlugin(
  async (app) => {
    const { sessions } = app;
    const { keyPrefix } = app.config.redis;
    sessions.announce = (invalidation) => publishSessionInvalidation(app.redis, keyPrefix, invalidation);
    if (sessions.cache.ttlMs === 0) return;

    const channel = sessionInvalidationChannel(keyPrefix);
    const subscriber = app.redisConnections.connect('session-invalidations');
    const stopUsing = () => {
      sessions.cache.usable = false;
      sessions.cache.clear();
    };
    subscriber.on('close', stopUsing);
    subscriber.on('end', stopUsing);
    subscriber.on('message', (received: string, message: string) => {
      if (received !== channel) return;
      const invalidation = parseSessionInvalidation(message);
      if (invalidation) sessions.cache.forget(invalidation);
    });
    // `subscribe` resolves once Redis has confirmed, on the first connection and (resubscribed) after each return.
    const subscribe = () =>
      subscriber.subscribe(channel).then(
        () => {
          sessions.cache.clear();
          sessions.cache.usable = true;
        },
        (error: unknown) => app.log.warn({ err: error }, 'could not subscribe to session invalidations; the session cache stays off'),
      );
    subscriber.on('ready', () => void subscribe());
    app.addHook('onClose', async () => {
      stopUsing();
      await app.shutdown.run('session invalidations connection', () => app.redisConnections.close('session-invalidations'));
    });
  },
  { name: 'session-invalidations', dependencies: ['accounts', 'redis', 'configuration'] },
);
