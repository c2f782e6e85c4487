import type { AccountEventMessage, LiveClientMessage, LiveServerMessage } from '../../../contract/live-socket.ts';
import { storageKeys } from '../storage/local-storage.ts';

/**
 * A request's frame as the live connection relays it: the same event names and data as the SSE endpoints. Still
 * unchecked here (the frame checker holds each one against the contract's frame schemas), hence the loose `data`.
 */
export interface LiveFrame {
  requestId: string;
  /** Null for frames no stored event stands behind (`all_complete`): not a resume point. */
  seq: number | null;
  event: string;
  data: Record<string, unknown>;
}

/** The signed-in person's account news. */
export type AccountEvent = AccountEventMessage;

interface Subscription {
  requestId: string;
  lastSeq: number;
  onFrame(frame: LiveFrame): void;
  /** The request has nothing more to send (finished, or the server could not find it). */
  onDone(reason: { error?: string }): void;
}

const RECONNECT_STEPS_MS = [500, 1_000, 2_000, 5_000, 10_000];
const PING_INTERVAL_MS = 25_000;

/**
 * One WebSocket per tab to `GET /api/live`: the frames of requests this tab follows (a comparison resumed after a
 * reload) and the signed-in user's account news (credits spent in another tab). Reconnects by itself and resumes
 * every subscription after the last frame it delivered, so nothing is shown twice or skipped.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly accountListeners = new Set<(event: AccountEvent) => void>();
  private reconnectAttempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(private readonly url: () => string = defaultLiveUrl) {}

  open(): void {
    this.closed = false;
    this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    this.socket?.close();
    this.socket = null;
  }

  /** Reconnects now, e.g. after sign-in, so the server binds the socket to the new session cookie. */
  reconnect(): void {
    this.socket?.close();
  }

  follow(requestId: string, afterSeq: number, handlers: Pick<Subscription, 'onFrame' | 'onDone'>): () => void {
    const subscription: Subscription = { requestId, lastSeq: afterSeq, ...handlers };
    this.subscriptions.set(requestId, subscription);
    this.send({ type: 'subscribe', requestId, afterSeq });
    return () => {
      if (this.subscriptions.get(requestId) !== subscription) return;
      this.subscriptions.delete(requestId);
      this.send({ type: 'unsubscribe', requestId });
    };
  }

  onAccountEvent(listener: (event: AccountEvent) => void): () => void {
    this.accountListeners.add(listener);
    return () => this.accountListeners.delete(listener);
  }

  private connect(): void {
    if (this.closed || typeof WebSocket === 'undefined') return;
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.reconnectAttempt = 0;
      for (const { requestId, lastSeq } of this.subscriptions.values()) this.send({ type: 'subscribe', requestId, afterSeq: lastSeq });
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_INTERVAL_MS);
    });
    socket.addEventListener('message', (message) => this.receive(String(message.data)));
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (this.closed) return;
      const delay = RECONNECT_STEPS_MS[Math.min(this.reconnectAttempt, RECONNECT_STEPS_MS.length - 1)]!;
      this.reconnectAttempt += 1;
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
    });
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
    // Not open yet: the `open` handler sends every subscription.
  }

  private receive(text: string): void {
    let message: LiveServerMessage;
    try {
      message = JSON.parse(text) as LiveServerMessage;
    } catch {
      return;
    }
    const subscription = 'requestId' in message && message.requestId ? this.subscriptions.get(message.requestId) : undefined;
    switch (message.type) {
      case 'event': {
        if (!subscription) return;
        const seq = message.seq ?? null;
        // A frame at or before the resume point was already shown (a reconnect may replay it).
        if (seq !== null && seq <= subscription.lastSeq) return;
        if (seq !== null) subscription.lastSeq = seq;
        subscription.onFrame({ requestId: message.requestId, seq, event: message.event, data: message.data as Record<string, unknown> });
        return;
      }
      case 'request_finished':
        if (subscription) {
          this.subscriptions.delete(subscription.requestId);
          subscription.onDone({});
        }
        // Also account news: a request of this user's ended somewhere.
        for (const listener of this.accountListeners) listener(message);
        return;
      case 'error':
        if (subscription) {
          this.subscriptions.delete(subscription.requestId);
          subscription.onDone({ error: message.message });
        }
        return;
      case 'credits_changed':
        for (const listener of this.accountListeners) listener(message);
        return;
    }
  }
}

function defaultLiveUrl(): string {
  const { protocol, host } = window.location;
  const url = new URL(`${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/live`);
  // Browsers cannot add headers to a WebSocket upgrade, so a guest's anonymous session id rides in the URL.
  const anonymousId = localStorage.getItem(storageKeys.anonymousSessionId);
  if (anonymousId) url.searchParams.set('sessionId', anonymousId);
  return url.toString();
}
