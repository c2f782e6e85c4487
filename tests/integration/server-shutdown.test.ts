import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { SEARCH_BODY, type ReceivedEvent } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

describe('graceful server shutdown', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ environment: { SHUTDOWN_GRACE_MS: '600' } });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('lets short streams finish, ends long ones with an error event, and the answer is still saved', async () => {
    let closing: Promise<void> | undefined;
    const startClosing = (event: ReceivedEvent) => {
      if (event.event === 'chunk' && !closing) closing = stack.app.close();
    };
    const [long, short] = await Promise.all([
      stack.ask({ ...SEARCH_BODY, query: 'Long one [[simulate chunks=60 chunk-ms=40]]' }, { onEvent: startClosing }),
      stack.ask({ ...SEARCH_BODY, query: 'Short one [[simulate chunks=5 chunk-ms=40]]' }),
    ]);
    await closing;

    expect(short.events.at(-1)!.event).toBe('end');
    const interrupted = long.events.at(-1)!;
    expect(interrupted.event).toBe('error');
    expect(interrupted.data).toMatchObject({ code: 'SERVER_RESTARTING', retryable: true });

    // The worker is a separate process in production: it keeps going and stores the whole answer.
    const runId = String(long.events[0]!.data.runId);
    const deadline = Date.now() + 10_000;
    let run = await stack.records().findOneOrFail(ModelRun, runId);
    while (run.status === 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await stack.records().findOneOrFail(ModelRun, runId);
    }
    expect(run.status).toBe('completed');
    expect(run.answerText?.length).toBeGreaterThan(0);
  });
});
