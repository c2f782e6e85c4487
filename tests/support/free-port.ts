import net from 'node:net';

/**
 * A loopback port that was free a moment ago, for a process we start and must then find: a server at
 * LOG_LEVEL=warn never prints the port it listens on, and our own Redis or Postgres is told its port up front.
 * Another process could in theory take the port in between; the process would then fail to listen and exit, which
 * its start-up reports.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
