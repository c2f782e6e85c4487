/**
 * `GET /api/live` as a browser tab has it, for the live socket's tests: Node's global WebSocket (the cookie sent as
 * a header stands in for the browser's jar), every message kept in arrival order, and waits on what arrives.
 */

export type LiveMessage = { type: string; requestId?: string; seq?: number | null; event?: string; data?: Record<string, unknown>; [key: string]: unknown };

/** A tab's socket as the browser has it (Node's global WebSocket), remembering every message in arrival order. */
export class LiveTab {
  readonly messages: LiveMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      this.messages.push(JSON.parse(String(event.data)) as LiveMessage);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => socket.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason })));
  }

  static async open(baseUrl: string, options: { cookie?: string; sessionId?: string } = {}): Promise<LiveTab> {
    const url = new URL('/api/live', baseUrl.replace(/^http/, 'ws'));
    if (options.sessionId) url.searchParams.set('sessionId', options.sessionId);
    // Node's WebSocket (undici) takes headers, which a browser cannot send; the cookie stands in for the browser's jar.
    const init = { headers: options.cookie ? { cookie: options.cookie } : {} };
    const socket = new WebSocket(url, init as unknown as string[]);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error('the live socket did not open')), { once: true });
    });
    const tab = new LiveTab(socket);
    // The server answers in order, and only once the tab hears its account events: after this pong, nothing is missed.
    await tab.barrier();
    tab.messages.length = 0;
    return tab;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  subscribe(requestId: string, afterSeq?: number): void {
    this.send({ type: 'subscribe', requestId, ...(afterSeq === undefined ? {} : { afterSeq }) });
  }

  /** The first message (counting from `from`) that matches, waiting for it if need be. */
  async waitFor(predicate: (message: LiveMessage) => boolean, options: { from?: number; timeoutMs?: number } = {}): Promise<LiveMessage> {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    for (;;) {
      const found = this.messages.slice(options.from ?? 0).find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching live message; received ${JSON.stringify(this.messages.map((message) => message.type))}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  /** Resolves once every message the server sent before answering this ping has arrived. */
  async barrier(): Promise<void> {
    const from = this.messages.length;
    this.send({ type: 'ping' });
    await this.waitFor((message) => message.type === 'pong', { from });
  }

  /** Everything received about one request, from its `subscribed` to its `request_finished`. */
  async subscription(requestId: string, afterSeq?: number): Promise<LiveMessage[]> {
    const from = this.messages.length;
    this.subscribe(requestId, afterSeq);
    const subscribed = await this.waitFor((message) => message.type === 'subscribed' && message.requestId === requestId, { from });
    // Counted from `subscribed`: a short answer can end before the subscription starts, and the account's own
    // `request_finished` for it (every tab of the account hears that) must not pass for the subscription's.
    const start = this.messages.indexOf(subscribed);
    await this.waitFor((message) => message.type === 'request_finished' && message.requestId === requestId, { from: start });
    return this.messages.slice(start).filter((message) => message.requestId === requestId);
  }

  close(): void {
    this.socket.close();
  }
}
