import fc from 'fast-check';
import { Value } from 'typebox/value';
import { LiveServerMessage } from '../../contract/live-socket.ts';
import { anyJson, nastyString } from './fuzz-arbitraries.ts';

/** One thing a tab might send: a message close to the contract's, any JSON, text that is not JSON, bytes, or too much. */
export const liveMessage: fc.Arbitrary<string | Uint8Array<ArrayBuffer>> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record(
        {
          type: fc.oneof(fc.constantFrom('subscribe', 'unsubscribe', 'ping'), nastyString),
          requestId: fc.oneof(fc.uuid(), nastyString, anyJson),
          afterSeq: fc.oneof(fc.nat(), anyJson),
        },
        { requiredKeys: ['type'] },
      )
      .map((message) => JSON.stringify(message)),
  },
  { weight: 2, arbitrary: anyJson.map((value) => JSON.stringify(value) ?? 'null') },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => new Uint8Array(bytes)) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(20_000), JSON.stringify({ type: 'ping', pad: 'p'.repeat(17_000) })) },
);

export interface LiveFuzzReport {
  sent: number;
  /** The server closed the socket: fine for an oversized message (1009), a problem otherwise. */
  reopened: number;
  problems: string[];
}

/**
 * Sends `runs` generated messages over `GET /api/live`, checking that every answer is one of the contract's messages,
 * that the server keeps answering pings, and that it only ever closes the socket for a message that is too big.
 */
export async function fuzzLiveSocket(baseUrl: string, cookie: string, runs: number, seed?: number): Promise<LiveFuzzReport> {
  const report: LiveFuzzReport = { sent: 0, reopened: 0, problems: [] };
  const messages = fc.sample(liveMessage, { numRuns: runs, ...(seed === undefined ? {} : { seed }) });
  let tab = await LiveFuzzTab.open(baseUrl, cookie, report);
  let sincePing: string[] = [];
  for (const [index, message] of messages.entries()) {
    const bytes = typeof message === 'string' ? Buffer.byteLength(message) : message.byteLength;
    sincePing.push(typeof message === 'string' ? `${message.slice(0, 40)}… (${bytes} bytes)` : `<${bytes} bytes>`);
    tab.socket.send(message);
    report.sent += 1;
    if (bytes > 16 * 1024) {
      // The one allowed way out: `ws` closes with 1009 on a message over the size limit. (Not checked with a ping:
      // the client may put a small message on the wire before a big one sent earlier.)
      const closed = await tab.closedWithin(5_000);
      if (closed !== 1009) report.problems.push(`an oversized message (${bytes} bytes) ${closed === undefined ? 'left the socket open' : `closed it with ${closed}`}`);
    } else if (index % 25 === 24 || index === messages.length - 1) {
      if (!(await tab.ping())) {
        const closed = tab.closeCode;
        report.problems.push(`socket ${closed === undefined ? 'stopped answering' : `closed with ${closed}`} after ${JSON.stringify(sincePing)}`);
      }
    } else {
      continue;
    }
    sincePing = [];
    if (tab.closeCode !== undefined || tab.socket.readyState !== WebSocket.OPEN) {
      tab.socket.close();
      tab = await LiveFuzzTab.open(baseUrl, cookie, report);
      report.reopened += 1;
    }
  }
  tab.socket.close();
  return report;
}

class LiveFuzzTab {
  closeCode: number | undefined;
  private pongs = 0;
  private wake: (() => void) | undefined;

  private constructor(
    readonly socket: WebSocket,
    report: LiveFuzzReport,
  ) {
    socket.addEventListener('message', (event) => {
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        report.problems.push(`server sent something that is not JSON: ${String(event.data).slice(0, 120)}`);
        return;
      }
      if (!Value.Check(LiveServerMessage, message)) report.problems.push(`server sent a message outside the contract: ${String(event.data).slice(0, 200)}`);
      if ((message as { type?: unknown }).type === 'pong') this.pongs += 1;
      this.wake?.();
    });
    socket.addEventListener('close', (event) => {
      this.closeCode = event.code;
      this.wake?.();
    });
  }

  static async open(baseUrl: string, cookie: string, report: LiveFuzzReport): Promise<LiveFuzzTab> {
    const socket = new WebSocket(new URL('/api/live', baseUrl.replace(/^http/, 'ws')), { headers: { cookie } } as unknown as string[]);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error('the live socket did not open')), { once: true });
    });
    return new LiveFuzzTab(socket, report);
  }

  /** The close code once the server has closed the socket, or undefined if it is still open after `timeoutMs`. */
  async closedWithin(timeoutMs: number): Promise<number | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (this.closeCode === undefined && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 100);
      });
    }
    return this.closeCode;
  }

  /** Whether the server answers a ping within 5 s (it answers in order, so everything sent before was handled). */
  async ping(): Promise<boolean> {
    if (this.closeCode !== undefined || this.socket.readyState !== WebSocket.OPEN) return false;
    const before = this.pongs;
    this.socket.send(JSON.stringify({ type: 'ping' }));
    const deadline = Date.now() + 5_000;
    while (this.pongs === before && this.closeCode === undefined && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 100);
      });
    }
    return this.pongs > before;
  }
}
