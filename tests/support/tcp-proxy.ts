import net from 'node:net';

/**
 * A loopback TCP proxy in front of a real service (Postgres, Redis) that a test can cut and restore, to see how
 * Quorum behaves when a dependency goes away: a real outage on real connections, not a mocked client.
 */
export interface TcpProxy {
  port: number;
  /** Rewrites a service URL to go through the proxy. */
  urlFor(serviceUrl: string): string;
  /** Drop every open connection and refuse new ones. */
  cut(): void;
  /**
   * Keep every connection open but carry nothing more either way, as on a link that died without a reset: a client
   * waits for replies that never come. Only `cut()` (then `restore()`) makes the proxy usable again.
   */
  freeze(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let down = false;
  let frozen = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect({ host: targetHost, port: targetPort });
    sockets.add(client);
    sockets.add(upstream);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    // Forwarded by hand rather than piped, so that a frozen link can swallow what comes.
    client.on('data', (bytes: Buffer) => {
      if (!frozen) upstream.write(bytes);
    });
    upstream.on('data', (bytes: Buffer) => {
      if (!frozen) client.write(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    urlFor(serviceUrl) {
      const url = new URL(serviceUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    freeze() {
      frozen = true;
    },
    cut() {
      frozen = false;
      down = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      down = false;
    },
    async close() {
      down = true;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function hostAndPort(serviceUrl: string, defaultPort: number): { host: string; port: number } {
  const url = new URL(serviceUrl);
  return { host: url.hostname || '127.0.0.1', port: Number(url.port || defaultPort) };
}

/** A cuttable proxy in front of a service URL (Postgres, Redis), and the URL that goes through it. */
export async function proxyInFront(serviceUrl: string, defaultPort: number): Promise<{ proxy: TcpProxy; url: string }> {
  const target = hostAndPort(serviceUrl, defaultPort);
  const proxy = await startTcpProxy(target.host, target.port);
  return { proxy, url: proxy.urlFor(serviceUrl) };
}
