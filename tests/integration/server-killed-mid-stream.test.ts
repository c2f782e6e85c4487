import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { findFreePort } from '../support/free-port.ts';
import { startQuorumProcess, type QuorumProcess } from '../support/quorum-processes.ts';
import { postSearchStream, readServerSentEvents, SEARCH_BODY, type ReceivedEvent } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Two server processes behind one address, as a load balancer runs them. The one streaming an answer is killed
 * outright (SIGKILL: no goodbye, no flush); the browser reconnects to the other with `Last-Event-ID` and gets the
 * rest of the answer, every event once, none missing, and the text Postgres stored.
 */
describe('a server killed mid-stream', () => {
  let stack: TestStack;
  const servers: Array<{ process: QuorumProcess; url: string }> = [];

  beforeAll(async () => {
    // The stack gives the database, the Redis prefix, the simulator, a funded account and a worker.
    stack = await startTestStack();
    for (let index = 0; index < 2; index += 1) {
      const port = await findFreePort();
      const process = startQuorumProcess('server/main.ts', { ...stack.environment, LOG_LEVEL: 'info', PORT: String(port) });
      servers.push({ process, url: `http://127.0.0.1:${port}` });
    }
    await Promise.all(servers.map(({ process }) => process.waitForOutput('Server listening', 60_000)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map(({ process }) => process.kill()));
    await stack?.close();
  });

  it('resumes on the other server from the last event seen, with no gap and no duplicate', { timeout: 60_000 }, async () => {
    const [doomed, survivor] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const before: ReceivedEvent[] = [];
    let killing: Promise<unknown> | undefined;
    const first = await postSearchStream(
      doomed.url,
      { ...SEARCH_BODY, query: 'Outlive your server [[simulate chunks=120 chunk-ms=25]]' },
      {
        headers: { cookie: stack.fundedCookie },
        onEvent: (event) => {
          before.push(event);
          if (before.filter((seen) => seen.event === 'chunk').length === 8) killing ??= doomed.process.kill('SIGKILL');
        },
      },
    ).catch((error: unknown) => error);
    await killing;
    // The stream broke with the server: it never reached its end.
    expect(first instanceof Error || (first as { events: ReceivedEvent[] }).events.at(-1)?.event !== 'end').toBe(true);
    expect(before.at(-1)?.event).not.toBe('end');

    const requestId = String(before[0]!.data.requestId);
    const lastSeq = Number(before.at(-1)!.id);
    const resume = () =>
      fetch(`${survivor.url}/api/requests/${requestId}/events`, {
        headers: { 'last-event-id': String(lastSeq), cookie: stack.fundedCookie },
        signal: AbortSignal.timeout(45_000),
      });
    let response = await resume();
    // A server overloaded for a moment (a fresh process on a loaded machine) sheds new calls with 503 and
    // Retry-After, which tells the caller to ask again after that wait; this test does, once.
    if (response.status === 503) {
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? '1') * 1_000));
      response = await resume();
    }
    expect(response.status).toBe(200);
    const after = await readServerSentEvents(response);

    const ids = [...before, ...after].filter((event) => event.id !== '').map((event) => Number(event.id));
    expect(ids).toEqual(ids.map((_, index) => ids[0]! + index));
    expect(after[0]!.id).toBe(String(lastSeq + 1));
    expect(after.at(-1)!.event).toBe('end');
    const text = [...before, ...after].filter((event) => event.event === 'chunk').map((event) => String(event.data.content)).join('');
    const end = after.at(-1)!.data;
    expect(text).toBe(end.response);
    const run = await stack.records().findOneOrFail(ModelRun, String(end.runId));
    expect(run.status).toBe('completed');
    expect(run.answerText).toBe(text);
  });
});
