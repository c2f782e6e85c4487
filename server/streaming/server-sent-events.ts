import type { ServerResponse } from 'node:http';

/**
 * Writes the `text/event-stream` format by hand on the raw response: Fastify's reply is hijacked so nothing buffers
 * or serialises in between. Honors backpressure, so a slow client holds its own events rather than our memory, and
 * a client that takes nothing at all for `stalledClientMs` is disconnected (it can resume from its last event id).
 */
export class ServerSentEventStream {
  private ended = false;

  constructor(
    private readonly response: ServerResponse,
    private readonly stalledClientMs = Number.POSITIVE_INFINITY,
  ) {
    response.on('close', () => {
      this.ended = true;
    });
  }

  open(headers: Record<string, string | number | string[]>): void {
    this.response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Tells nginx-style proxies not to buffer the stream.
      'x-accel-buffering': 'no',
    });
    // Ask browsers using EventSource to wait a little before reconnecting after a drop.
    this.response.write('retry: 2000\n\n');
  }

  get isOpen(): boolean {
    return !this.ended && !this.response.destroyed && !this.response.writableEnded;
  }

  async send(event: string, data: unknown, id?: number): Promise<void> {
    if (!this.isOpen) return;
    const body = JSON.stringify(data);
    const frame = `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${body}\n\n`;
    if (!this.response.write(frame)) await this.drained();
  }

  /** Waits until the client takes what is buffered or leaves; one that takes nothing for too long is disconnected. */
  private drained(): Promise<void> {
    const response = this.response;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        response.off('drain', done);
        response.off('close', done);
        resolve();
      };
      const timer = Number.isFinite(this.stalledClientMs)
        ? setTimeout(() => {
            // Nothing was read for the whole wait: let the socket go rather than hold what it would not take.
            this.ended = true;
            response.destroy();
            done();
          }, this.stalledClientMs)
        : undefined;
      response.once('drain', done);
      response.once('close', done);
    });
  }

  comment(text: string): void {
    if (this.isOpen) this.response.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.isOpen) this.response.end();
    this.ended = true;
  }
}
