import websocket from '@fastify/websocket';
import fastifyPlugin from 'fastify-plugin';

/** Largest message a tab may send; ours are a few hundred bytes. `ws` closes the socket (1009) on anything bigger. */
const MAX_MESSAGE_BYTES = 16 * 1024;
/** A socket that has not answered the previous ping by the next one is dead (a laptop closed, a proxy gone quiet). */
const HEARTBEAT_INTERVAL_MS = 30_000;
/** "Going away": the server is shutting down; the page reconnects, resuming each request from its last `seq`. */
const GOING_AWAY = 1001;
/** How long closing sockets may take to say goodbye before they are cut, so a shutdown never hangs on one. */
const CLOSE_HANDSHAKE_MS = 1_000;

/** The part of `ws` this plugin uses (its types are not installed). */
interface HeartbeatSocket {
  readonly readyState: number;
  ping(): void;
  terminate(): void;
  close(code: number, reason: string): void;
  on(event: 'pong' | 'close', listener: () => void): unknown;
}
interface SocketServer {
  readonly clients: Set<HeartbeatSocket>;
  on(event: 'connection', listener: (socket: HeartbeatSocket) => void): unknown;
}

const CLOSED = 3;

/**
 * WebSocket support (`@fastify/websocket` on `ws`): routes opt in with `{ websocket: true }`. Adds what the library
 * leaves to us: a size limit on incoming messages, a heartbeat that drops dead sockets, and a shutdown that closes
 * every socket with 1001. Open subscriptions are ended before that by the open-streams drain, so register this
 * after `open-streams` (its preClose runs first).
 */
export default fastifyPlugin(
  async (app) => {
    await app.register(websocket, {
      options: { maxPayload: MAX_MESSAGE_BYTES },
      errorHandler: (error, socket, request) => {
        // A socket error (an unclean disconnect, an oversized message) ends that socket only.
        request.log.warn({ err: error }, 'live socket failed');
        socket.terminate();
      },
      preClose: async () => app.shutdown.run('live sockets', () => closeEverySocket(app.websocketServer as unknown as SocketServer)),
    });
    const server = app.websocketServer as unknown as SocketServer;
    const awaitingPong = new WeakSet<HeartbeatSocket>();
    server.on('connection', (socket) => socket.on('pong', () => awaitingPong.delete(socket)));
    const heartbeat = setInterval(() => {
      for (const socket of server.clients) {
        if (awaitingPong.has(socket)) {
          socket.terminate();
          continue;
        }
        awaitingPong.add(socket);
        socket.ping();
      }
    }, HEARTBEAT_INTERVAL_MS);
    heartbeat.unref();
    app.addHook('onClose', async () => clearInterval(heartbeat));
  },
  { name: 'websocket', dependencies: ['open-streams'] },
);

async function closeEverySocket(server: SocketServer): Promise<void> {
  const sockets = [...server.clients];
  if (sockets.length === 0) return;
  const closed = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === CLOSED) return resolve();
        socket.on('close', () => resolve());
        socket.close(GOING_AWAY, 'Server shutting down');
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(closed), new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_HANDSHAKE_MS)))]);
  clearTimeout(timer);
  for (const socket of sockets) if (socket.readyState !== CLOSED) socket.terminate();
}
