import cookie from '@fastify/cookie';
import fastifyPlugin from 'fastify-plugin';

/** Cookie parsing and setting; only the session cookie is used, and it carries its own random secret. */
export default fastifyPlugin(
  async (app) => {
    await app.register(cookie);
  },
  { name: 'cookie' },
);
