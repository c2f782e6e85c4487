import { describe, expect, it } from 'vitest';
import type { ComparisonResult } from '../../../api/compare-contract.ts';
import type { CompareProgressEvent } from '../../../api/compare-stream.ts';
import type { FrameScheduler } from '../../../streaming/text-batcher.ts';
import { createColumnFeed } from './column-feed.ts';

function manualScheduler(): FrameScheduler & { runFrame(): void } {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  return {
    request: (callback) => {
      callbacks.set(next, callback);
      return next++;
    },
    cancel: (handle) => void callbacks.delete(handle),
    runFrame() {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback();
    },
  };
}

const gpt = { requestId: 'r', runId: 'run-gpt', engine: 'openai', model: 'gpt-4o' };
const llama = { requestId: 'r', runId: 'run-llama', engine: 'groq', model: 'llama-3.1-8b-instant' };
const chunk = (base: typeof gpt, content: string): CompareProgressEvent => ({ type: 'model_chunk', ...base, content });
const outcome = (base: typeof gpt, success: boolean): CompareProgressEvent => ({
  type: 'model_complete',
  ...base,
  result: { ...base, success, response: success ? 'Final' : null, error: success ? null : 'Failed', errorCode: null, retryable: false, creditsUsed: 0, timeToFirstTokenMs: null, durationMs: null, sources: [] } satisfies ComparisonResult,
});

function describeEvent(event: CompareProgressEvent): string {
  return event.type === 'model_chunk' ? `${event.engine}:${event.content}` : `${event.type}${'engine' in event ? `:${event.engine}` : ''}`;
}

describe('createColumnFeed', () => {
  it('joins each column’s chunks into one per frame, keeping the columns apart', () => {
    const scheduler = manualScheduler();
    const delivered: string[] = [];
    const feed = createColumnFeed((event) => delivered.push(describeEvent(event)), scheduler);

    feed.receive({ type: 'model_start', ...gpt });
    feed.receive(chunk(gpt, 'Hel'));
    feed.receive(chunk(llama, 'Quick'));
    feed.receive(chunk(gpt, 'lo'));
    expect(delivered).toEqual(['model_start:openai']);

    scheduler.runFrame();
    expect(delivered).toEqual(['model_start:openai', 'openai:Hello', 'groq:Quick']);
  });

  it('drops a success’s pending text (the final response replaces it) but shows a failure’s', () => {
    const scheduler = manualScheduler();
    const delivered: string[] = [];
    const feed = createColumnFeed((event) => delivered.push(describeEvent(event)), scheduler);

    feed.receive(chunk(gpt, 'pending'));
    feed.receive(outcome(gpt, true));
    feed.receive(chunk(llama, 'partial'));
    feed.receive(outcome(llama, false));
    scheduler.runFrame();
    expect(delivered).toEqual(['model_complete:openai', 'groq:partial', 'model_complete:groq']);
  });

  it('flushes everything before all_complete and on demand, and discards when abandoned', () => {
    const scheduler = manualScheduler();
    const delivered: string[] = [];
    const feed = createColumnFeed((event) => delivered.push(describeEvent(event)), scheduler);

    feed.receive(chunk(gpt, 'a'));
    feed.receive({ type: 'all_complete', requestId: 'r', totalCreditsUsed: 0, results: [] });
    expect(delivered).toEqual(['openai:a', 'all_complete']);

    feed.receive(chunk(llama, 'b'));
    feed.flush();
    feed.receive(chunk(llama, 'c'));
    feed.discard();
    scheduler.runFrame();
    expect(delivered).toEqual(['openai:a', 'all_complete', 'groq:b']);
  });
});
