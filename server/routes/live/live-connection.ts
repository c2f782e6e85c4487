import type { FastifyBaseLogger } from 'fastify';
import { SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_REASON } from '../../../contract/live-socket.ts';
import type { AccountEvent } from '../../../core/events/index.ts';
import type { RequestViewer } from '../../requests/request-access.ts';
import type { RequestServices } from '../../requests/request-services.ts';
import type { RelayServices } from '../../streaming/relay-request.ts';
import { parseClientMessage, type ServerMessage } from './live-messages.ts';
import { runLiveSubscription } from './live-subscription.ts';

/** The part of a `ws` socket this connection uses. */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string, callback?: (error?: Error) => void): void;
  close(code: number, reason: string): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

const OPEN = 1;
/** Past this much unsent output, each message waits for the socket to drain: a slow tab holds its own frames. */
const HIGH_WATER_BYTES = 256 * 1024;
/** Each subscription holds a Redis subscription and watchdogs; a tab watching more than this is misbehaving. */
const MAX_SUBSCRIPTIONS = 20;
/** Requests whose subscription already said `request_finished`, remembered so the account's late echo is dropped. */
const REMEMBERED_FINISHED = 100;

export interface LiveConnectionOptions {
  socket: LiveSocket;
  /** Who is on the other end, looked up afresh each time (a session may end while the socket stays open). */
  viewer: () => Promise<RequestViewer>;
  /** The hash of the session cookie's token, when one came: the socket is closed when that session ends. */
  sessionTokenHash: string | undefined;
  logger: FastifyBaseLogger;
}

/**
 * One browser tab's socket: reads its messages, runs a subscription per request it watches, and passes on the
 * signed-in user's account events. Whatever a tab sends, the worst it gets back is an error message.
 */
export class LiveConnection {
  private readonly subscriptions = new Map<string, AbortController>();
  private readonly finishedHere = new Set<string>();
  private closed = false;
  private stopAccountEvents: (() => Promise<void>) | undefined;
  private stopWatchingSession: (() => void) | undefined;
  private readonly joined: Promise<void>;

  constructor(
    private readonly services: RelayServices & Pick<RequestServices, 'accountEvents' | 'sessionEnds'>,
    private readonly options: LiveConnectionOptions,
  ) {
    this.joined = this.joinAccountEvents();
    // Listening starts at once (`ws` drops messages nobody listens for), but each message is handled only after the
    // account channel is joined, in order: whatever a tab hears after its first answer (a pong) includes its
    // account events.
    options.socket.on('message', (data, isBinary) => {
      this.joined
        .then(() => this.receive(data, isBinary))
        .catch((error: unknown) => this.options.logger.error({ err: error }, 'live message handling failed'));
    });
    options.socket.on('close', () => this.close());
  }

  /**
   * Joins the user's account channel, if signed in, once the session is watched: from then on its end closes the
   * socket, so what the account hears never reaches a tab whose session is over. Never rejects.
   */
  private async joinAccountEvents(): Promise<void> {
    try {
      const { userId } = await this.options.viewer();
      const { sessionTokenHash } = this.options;
      if (!userId || !sessionTokenHash || this.closed) return;
      const stopWatching = await this.services.sessionEnds.watch(userId, sessionTokenHash, () => this.endSession());
      if (this.closed) return stopWatching();
      this.stopWatchingSession = stopWatching;
      const stop = await this.services.accountEvents.subscribe(userId, (event) => this.passOn(event));
      if (this.closed) await stop();
      else this.stopAccountEvents = stop;
    } catch (error) {
      // Subscriptions still work without account events; they are nudges, not the record.
      this.options.logger.warn({ err: error }, 'live socket has no account events');
    }
  }

  private receive(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    // A message that waited for the account channel may find the socket gone: start nothing for nobody.
    if (this.closed) return;
    if (isBinary) {
      this.refuse('Messages must be JSON text, not binary.');
      return;
    }
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8');
    const message = parseClientMessage(text);
    if ('invalid' in message) {
      this.refuse(message.invalid);
      return;
    }
    switch (message.type) {
      case 'ping':
        void this.send({ type: 'pong' });
        return;
      case 'unsubscribe':
        this.subscriptions.get(message.requestId)?.abort();
        this.subscriptions.delete(message.requestId);
        return;
      case 'subscribe':
        this.subscribe(message.requestId, message.afterSeq ?? 0);
        return;
    }
  }

  /** Subscribing again to the same request restarts it from the new `afterSeq`. */
  private subscribe(requestId: string, afterSeq: number): void {
    this.subscriptions.get(requestId)?.abort();
    this.subscriptions.delete(requestId);
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      void this.send({ type: 'error', requestId, code: 'TOO_MANY_SUBSCRIPTIONS', message: `One connection watches at most ${MAX_SUBSCRIPTIONS} requests at once.` });
      return;
    }
    const controller = new AbortController();
    this.subscriptions.set(requestId, controller);
    runLiveSubscription(this.services, {
      requestId,
      afterSeq,
      viewer: this.options.viewer,
      signal: controller.signal,
      send: (message) => {
        if (message.type === 'request_finished') this.rememberFinished(requestId);
        return this.send(message);
      },
      logger: this.options.logger,
    })
      .catch((error: unknown) => this.options.logger.error({ err: error, requestId }, 'live subscription crashed'))
      .finally(() => {
        if (this.subscriptions.get(requestId) === controller) this.subscriptions.delete(requestId);
      });
  }

  private passOn(event: AccountEvent): void {
    // A watched request says it finished itself, after its last frame: the account's notice would come too early
    // (or, when the subscription got there first, twice).
    if (event.type === 'request_finished' && (this.subscriptions.has(event.requestId) || this.finishedHere.has(event.requestId))) return;
    void this.send(event);
  }

  private rememberFinished(requestId: string): void {
    this.finishedHere.add(requestId);
    if (this.finishedHere.size > REMEMBERED_FINISHED) this.finishedHere.delete(this.finishedHere.values().next().value!);
  }

  private refuse(message: string): void {
    void this.send({ type: 'error', code: 'VALIDATION_ERROR', message });
  }

  private async send(message: ServerMessage): Promise<void> {
    const { socket } = this.options;
    if (socket.readyState !== OPEN) return;
    const data = JSON.stringify(message);
    if (socket.bufferedAmount < HIGH_WATER_BYTES) {
      socket.send(data);
      return;
    }
    // The callback runs once the message is written out (or the socket failed), so the caller waits that long.
    await new Promise<void>((resolve) => socket.send(data, () => resolve()));
  }

  /** The session ended: nothing more goes out (not even a request's frames), and the tab is told why it was closed. */
  private endSession(): void {
    this.close();
    this.options.socket.close(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_REASON);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const controller of this.subscriptions.values()) controller.abort();
    this.subscriptions.clear();
    this.stopWatchingSession?.();
    void this.stopAccountEvents?.();
  }
}
