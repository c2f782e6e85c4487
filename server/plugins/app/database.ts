import type { MikroORM } from '@mikro-orm/postgresql';
import fastifyPlugin from 'fastify-plugin';
import { closeDatabase, openDatabase } from '../../../core/database/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orm: MikroORM;
  }
}

/** Opens the database (applying migrations) and closes it after the server stops taking requests. */
export default fastifyPlugin(
  async (app) => {
    const orm = await openDatabase({
      databaseUrl: app.config.databaseUrl,
      poolSize: app.config.databasePoolSize,
      applicationName: 'quorum-server',
      logger: app.log as never,
    });
    app.decorate('orm', orm);
    app.addHook('onClose', async () => {
      await app.shutdown.run('database pool', () => closeDatabase(orm, app.log));
    });
  },
  { name: 'database', dependencies: ['configuration'] },
);
