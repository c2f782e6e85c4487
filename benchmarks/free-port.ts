import net from 'node:net';

/**
 * A loopback port that was free a moment ago. The server is started with it because at LOG_LEVEL=warn it never
 * prints the port it listens on, so `PORT=0` would leave us not knowing where to connect. Another process could in
 * theory take the port in between; the server would then fail to listen and exit, which start-up reports.
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
