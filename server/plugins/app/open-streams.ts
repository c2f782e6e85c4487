import fastifyPlugin from 'fastify-plugin';
import { OpenStreamAllowance } from '../../limits/open-stream-allowance.ts';
import { OpenStreams } from '../../streaming/open-streams.ts';

declare module 'fastify' {
  interface FastifyInstance {
    openStreams: OpenStreams;
    /** Resumed streams and live sockets open per person and per address (OPEN_STREAMS_PER_PERSON / _PER_IP). */
    streamAllowance: OpenStreamAllowance;
  }
}

/**
 * Graceful shutdown for streams: once closing starts, Fastify answers new requests with 503; streams already open
 * get the grace period to finish, and any still running are ended with an error event the page can show.
 */
export default fastifyPlugin(
  async (app) => {
    const openStreams = new OpenStreams();
    app.decorate('openStreams', openStreams);
    app.decorate('streamAllowance', new OpenStreamAllowance({ perPerson: app.config.streaming.openPerPerson, perAddress: app.config.streaming.openPerAddress }));
    app.addHook('preClose', async () => {
      if (openStreams.size === 0) return;
      app.log.info({ openStreams: openStreams.size }, 'waiting for open streams to finish');
      const outcome = await app.shutdown.run('open streams', () => openStreams.drain(app.config.server.shutdownGraceMs));
      app.log.info(outcome, 'open streams closed');
    });
  },
  { name: 'open-streams', dependencies: ['configuration'] },
);
