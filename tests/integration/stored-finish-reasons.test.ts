import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Whatever a vendor calls the end of an answer (`end_turn`, `STOP`, `completed`, `MAX_TOKENS`), the stored run and
 * the end event the browser receives carry the normalised reason, through the real SDKs and the real worker.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

async function finishReasons(body: Record<string, unknown>): Promise<{ event: unknown; stored: string | null }> {
  const result = await stack.ask(body);
  const end = result.events.at(-1)!;
  expect(end.event, JSON.stringify(end.data)).toBe('end');
  const run = await stack.records().findOneOrFail(ModelRun, String(end.data.runId));
  return { event: end.data.finishReason, stored: run.finishReason ?? null };
}

describe('finish reasons on the way to storage', () => {
  it.each([
    { vendorSays: 'end_turn', model: 'anthropic', specificModel: 'claude-3-5-haiku-20241022', searchEnabled: false },
    { vendorSays: 'STOP', model: 'gemini', specificModel: 'gemini-2.5-flash', searchEnabled: false },
    { vendorSays: 'completed (Responses API)', model: 'openai', specificModel: 'gpt-4o-mini', searchEnabled: true },
    { vendorSays: 'nothing (SerpApi)', model: 'ai-overview', specificModel: 'google-ai-overview', searchEnabled: false },
  ])('stores $vendorSays from $model as stop', async ({ vendorSays: _vendorSays, ...body }) => {
    const reasons = await finishReasons({ ...body, query: `Why is the sky blue? ${randomUUID()} [[simulate chunks=8]]` });
    expect(reasons).toEqual({ event: 'stop', stored: 'stop' });
  });

  it("stores Gemini's MAX_TOKENS as length", async () => {
    const reasons = await finishReasons({
      model: 'gemini',
      specificModel: 'gemini-2.5-flash',
      query: `Tell me everything ${randomUUID()} [[simulate chunks=6]] [[gemini finish-reason=MAX_TOKENS]]`,
    });
    expect(reasons).toEqual({ event: 'length', stored: 'length' });
  });
});
