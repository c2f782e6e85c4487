import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../support/free-port.ts';
import { startQuorumProcess, type QuorumProcess } from '../support/quorum-processes.ts';
import { readServerSentEvents, SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

type LogLine = Record<string, unknown>;

/** The JSON lines a process printed (anything else, e.g. a Node warning, is skipped). */
function logLines(process: QuorumProcess): LogLine[] {
  return process
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

/**
 * A real server and a real worker, each its own process logging JSON lines as in production: one question's lines
 * in both carry the same request id, the one the browser got in `x-request-id`.
 */
describe('request ids across the server and the worker', () => {
  let stack: TestStack;
  let server: QuorumProcess;
  let worker: QuorumProcess;
  let baseUrl: string;

  beforeAll(async () => {
    // The stack provides the database, Redis prefix, simulator and a funded account; its own server is not used.
    stack = await startTestStack({ withWorker: false });
    const port = await findFreePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // One retry, so the worker has more than one line to say about the run.
    const environment = { ...stack.environment, LOG_LEVEL: 'debug', PORT: String(port), PROVIDER_MAX_RETRIES: '1' };
    worker = startQuorumProcess('worker/main.ts', environment);
    server = startQuorumProcess('server/main.ts', environment);
    await Promise.all([worker.waitForOutput('worker ready', 60_000), server.waitForOutput('Server listening', 60_000)]);
  });

  afterAll(async () => {
    await Promise.all([server?.kill(), worker?.kill()]);
    await stack?.close();
  });

  it('stamps every worker line about a run with the reqId the server logged for the question', async () => {
    const response = await fetch(`${baseUrl}/api/search/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: stack.fundedCookie },
      body: JSON.stringify({ ...SEARCH_BODY, query: 'Follow me through the logs [[simulate chunks=5 status=500 fail-times=1]]' }),
    });
    const reqId = response.headers.get('x-request-id');
    const events = await readServerSentEvents(response);
    expect(events.at(-1)?.event).toBe('end');
    const requestId = String(events[0]?.data.requestId);
    const runId = String(events[0]?.data.runId);
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);

    const admitted = logLines(server).find((line) => line.msg === 'search admitted' && line.searchRequestId === requestId);
    expect(admitted?.reqId).toBe(reqId);

    // The worker's last line about the run may follow the end event by a moment.
    await worker.waitForOutput('run answered');
    const aboutTheRun = logLines(worker).filter((line) => line.runId === runId || line.requestId === requestId);
    expect(aboutTheRun.map((line) => line.msg)).toEqual(expect.arrayContaining(['retrying provider call', 'run answered']));
    for (const line of aboutTheRun) expect({ msg: line.msg, reqId: line.reqId, requestId: line.requestId, runId: line.runId }).toEqual({ msg: line.msg, reqId, requestId, runId });
  });
});
