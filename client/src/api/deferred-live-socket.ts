import type { AccountEvent, LiveFrame, LiveSocket } from './live-socket.ts';

type FollowHandlers = { onFrame(frame: LiveFrame): void; onDone(reason: { error?: string }): void };

/**
 * The tab's live connection with its code loaded after the first paint: nothing is live before the session check
 * ends, so the socket (reconnects, resumes, pings) need not weigh on the home page's first JavaScript. Same calls
 * as `LiveSocket`; a request followed or a listener added before the code arrives is handed on once it has.
 */
export class DeferredLiveSocket implements Pick<LiveSocket, 'open' | 'close' | 'reconnect' | 'follow' | 'onAccountEvent'> {
  private socket: LiveSocket | null = null;
  private loading: Promise<LiveSocket> | null = null;
  private closed = false;
  private readonly accountListeners = new Set<(event: AccountEvent) => void>();

  open(): void {
    this.closed = false;
    this.whenLoaded((socket) => {
      if (!this.closed) socket.open();
    });
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }

  /** Before the code has arrived there is no connection yet: `open` will make one with the current cookie. */
  reconnect(): void {
    this.socket?.reconnect();
  }

  follow(requestId: string, afterSeq: number, handlers: FollowHandlers): () => void {
    if (this.socket) return this.socket.follow(requestId, afterSeq, handlers);
    let stop: (() => void) | undefined;
    let stopped = false;
    this.whenLoaded((socket) => {
      if (!stopped) stop = socket.follow(requestId, afterSeq, handlers);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }

  onAccountEvent(listener: (event: AccountEvent) => void): () => void {
    this.accountListeners.add(listener);
    return () => this.accountListeners.delete(listener);
  }

  private whenLoaded(then: (socket: LiveSocket) => void): void {
    this.loading ??= import('./live-socket.ts').then(({ LiveSocket: Socket }) => {
      const socket = new Socket();
      socket.onAccountEvent((event) => {
        for (const listener of this.accountListeners) listener(event);
      });
      this.socket = socket;
      return socket;
    });
    this.loading.then(then, (error: unknown) => {
      // A chunk that failed to arrive (a deploy, a dropped connection): the next call tries again.
      this.loading = null;
      console.warn('The live connection could not be loaded', error);
    });
  }
}
