import type { ServerResponse } from 'node:http';
import { once } from 'node:events';

/**
 * Writes the `text/event-stream` format by hand on the raw response: Fastify's reply is hijacked so nothing buffers
 * or serialises in between. Honors backpressure, so a slow client holds its own events rather than our memory.
 */
export class ServerSentEventStream {
  private ended = false;

  constructor(private readonly response: ServerResponse) {
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
    if (!this.response.write(frame)) {
      await Promise.race([once(this.response, 'drain'), once(this.response, 'close')]);
    }
  }

  comment(text: string): void {
    if (this.isOpen) this.response.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.isOpen) this.response.end();
    this.ended = true;
  }
}
