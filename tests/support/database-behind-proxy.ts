import { createIsolatedDatabase } from './isolated-resources.ts';
import { proxyInFront, type TcpProxy } from './tcp-proxy.ts';

export interface DatabaseBehindProxy {
  /** The database itself, for a test's own inspector that must not go through the outage. */
  directUrl: string;
  /** The same database through the proxy the test can cut. */
  proxiedUrl: string;
  proxy: TcpProxy;
  /** Restores the proxy, closes what used it (a stack), then stops the proxy and drops the database. */
  close(user?: { close(): Promise<void> }): Promise<void>;
}

/** A database of the test's own with a cuttable TCP proxy in front: a real Postgres outage on real connections. */
export async function databaseBehindProxy(): Promise<DatabaseBehindProxy> {
  const database = await createIsolatedDatabase();
  const { proxy, url } = await proxyInFront(database.url, 5432);
  return {
    directUrl: database.url,
    proxiedUrl: url,
    proxy,
    async close(user) {
      proxy.restore();
      await user?.close();
      await proxy.close();
      await database.drop();
    },
  };
}
