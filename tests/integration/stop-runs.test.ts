import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STOPPED_RUNS } from '../../contract/limits.ts';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { postSearchStream, SEARCH_BODY, THREE_MODELS, type ReceivedEvent } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

const payerWith = (credits: number) => createPayer(stack.records(), stack.config, credits);
const ledger = (accountId: string) => accountLedger(stack.records(), accountId);

/** What the ledger holds for one run: its hold's status and how many charge entries it has. */
async function settlementOf(runId: string) {
  const connection = stack.records().getConnection();
  const [hold] = await connection.execute<{ status: string }[]>(`select status from credit_holds where run_id = ?`, [runId]);
  const [charges] = await connection.execute<{ count: string }[]>(`select count(*) from credit_entries where reference = ?`, [`charge:${runId}`]);
  return { hold: hold?.status, charges: Number(charges!.count) };
}

async function stop(requestId: string, cookie: string, body?: unknown) {
  const response = await fetch(`${stack.baseUrl}/api/requests/${requestId}/cancel`, {
    method: 'POST',
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data: { requestId: string; cancelledRuns: number; message: string } | null; error: { code: string; message: string } | null } };
}

describe('POST /api/requests/:id/cancel with runIds', () => {
  it('stops one model of a comparison mid-answer: it is never charged, and the others keep streaming and complete', async () => {
    const payer = await payerWith(150);
    let stopping: ReturnType<typeof stop> | undefined;
    let stopAnswered = false;
    const afterStop: ReceivedEvent[] = [];
    const result = await postSearchStream(
      stack.baseUrl,
      {
        query: 'Stop one of us [[simulate for=gpt chunks=60 chunk-ms=40]] [[simulate for=deepseek chunks=300 chunk-ms=40]] [[simulate for=llama chunks=60 chunk-ms=40]]',
        models: THREE_MODELS,
      },
      {
        path: '/api/compare/stream',
        headers: { cookie: payer.cookie },
        onEvent: (event) => {
          if (stopAnswered) afterStop.push(event);
          if (event.event === 'model_chunk' && event.data.engine === 'deepseek' && !stopping) {
            stopping = stop(String(event.data.requestId), payer.cookie, { runIds: [String(event.data.runId)] });
            void stopping.then(() => {
              stopAnswered = true;
            });
          }
        },
      },
    );

    const answer = await stopping!;
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ cancelledRuns: 1, message: 'Stopped.' });

    const completes = new Map(
      result.events.filter((event) => event.event === 'model_complete').map((event) => [String(event.data.engine), event.data.result as Record<string, unknown>]),
    );
    expect(completes.get('deepseek')).toMatchObject({ success: false, errorCode: 'CANCELLED', error: 'Stopped.', retryable: false, creditsUsed: 0 });
    expect(completes.get('openai')).toMatchObject({ success: true, creditsUsed: 6 });
    expect(completes.get('groq')).toMatchObject({ success: true, creditsUsed: 2 });
    // The other two were still answering when the stop was answered, and went on to the end.
    for (const engine of ['openai', 'groq']) {
      expect(afterStop.filter((event) => event.event === 'model_chunk' && event.data.engine === engine).length).toBeGreaterThan(0);
    }
    expect(afterStop.filter((event) => event.event === 'model_chunk' && event.data.engine === 'deepseek')).toEqual([]);
    expect(result.events.at(-1)).toMatchObject({ event: 'all_complete', data: { totalCreditsUsed: 8 } });

    const runs = await stack.records().find(ModelRun, { request: answer.body.data!.requestId }, { orderBy: { position: 'asc' } });
    expect(runs.map((run) => [run.engine, run.status, run.errorCode ?? null])).toEqual([
      ['openai', 'completed', null],
      ['deepseek', 'error', 'CANCELLED'],
      ['groq', 'completed', null],
    ]);
    expect(await settlementOf(runs[1]!.id)).toEqual({ hold: 'released', charges: 0 });
    expect(await settlementOf(runs[0]!.id)).toEqual({ hold: 'captured', charges: 1 });
    expect(await settlementOf(runs[2]!.id)).toEqual({ hold: 'captured', charges: 1 });
    // Only the two answers are paid for: 6 + 2 of the 150.
    expect(await ledger(payer.accountId)).toEqual({ balance: 142, held: 0 });
  });

  it('stops a single answer for nothing when no body names a run', async () => {
    const payer = await payerWith(150);
    let stopping: ReturnType<typeof stop> | undefined;
    const result = await postSearchStream(
      stack.baseUrl,
      { ...SEARCH_BODY, query: 'Never mind [[simulate chunks=300 chunk-ms=40]]' },
      {
        headers: { cookie: payer.cookie },
        onEvent: (event) => {
          if (event.event === 'chunk' && !stopping) stopping = stop(String(event.data.requestId), payer.cookie);
        },
      },
    );
    expect((await stopping!).body.data).toMatchObject({ cancelledRuns: 1, message: 'Stopped.' });
    const last = result.events.at(-1)!;
    expect(last).toMatchObject({ event: 'error', data: { code: 'CANCELLED', message: 'Stopped.', retryable: false } });
    expect(result.events.filter((event) => event.event === 'chunk').length).toBeLessThan(300);
    expect(await settlementOf(String(last.data.runId))).toEqual({ hold: 'released', charges: 0 });
    expect(await ledger(payer.accountId)).toEqual({ balance: 150, held: 0 });

    // Stopping again finds nothing still running.
    const again = await stop(String(last.data.requestId), payer.cookie, {});
    expect(again.body.data).toMatchObject({ cancelledRuns: 0, message: 'Nothing was still running.' });
  });

  it('refuses a run that is not the request’s, too many runs, and an id that cannot be one', async () => {
    const payer = await payerWith(150);
    const mine = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Mine' }, { headers: { cookie: payer.cookie } });
    const other = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Also mine' }, { headers: { cookie: payer.cookie } });
    const requestId = String(mine.events[0]!.data.requestId);

    const foreign = await stop(requestId, payer.cookie, { runIds: [String(other.events[0]!.data.runId)] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe('NOT_FOUND');

    const tooMany = await stop(requestId, payer.cookie, { runIds: Array.from({ length: MAX_STOPPED_RUNS + 1 }, () => randomUUID()) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.code).toBe('VALIDATION_ERROR');

    const tooLong = await stop(requestId, payer.cookie, { runIds: ['x'.repeat(65)] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.code).toBe('VALIDATION_ERROR');

    // The finished answer keeps its charge whatever is asked.
    const named = await stop(requestId, payer.cookie, { runIds: [String(mine.events[0]!.data.runId)] });
    expect(named.body.data).toMatchObject({ cancelledRuns: 0 });
    expect(await settlementOf(String(mine.events[0]!.data.runId))).toEqual({ hold: 'captured', charges: 1 });
  });
});
