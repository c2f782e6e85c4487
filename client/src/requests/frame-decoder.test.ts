import { describe, expect, it } from 'vitest';
import { failedModelResult } from '../../../contract/failed-result.ts';
import type { ModelResult } from '../../../contract/model-result.ts';
import { checkFrame } from './frame-check.ts';
import { createFrameDecoder } from './frame-decoder.ts';

const ids = { requestId: 'req-1', runId: 'run-1' };
const names = { engine: 'openai', model: 'gpt-4o-mini' };
const result: ModelResult = {
  runId: 'run-1',
  ...names,
  success: true,
  response: 'Hello.',
  error: null,
  errorCode: null,
  retryable: false,
  finishReason: 'stop',
  sources: [{ url: 'https://example.com/', title: 'Example' }],
  creditsUsed: 6,
  durationMs: 900,
  timeToFirstTokenMs: 120,
  inputTokens: 11,
  outputTokens: 42,
  cachedTokens: 0,
  reasoningTokens: null,
  brandMention: null,
};
const stopped: ModelResult = failedModelResult({ runId: 'run-1', ...names, message: 'Stopped.', code: 'CANCELLED', retryable: false });

describe('a single answer’s frames', () => {
  it('decode into run updates, the end carrying the whole result', () => {
    const decoder = createFrameDecoder('single', checkFrame);
    expect(decoder.decode({ event: 'start', data: { ...ids, ...names } }, 1)).toEqual([{ type: 'run-started', ...ids, ...names }]);
    expect(decoder.requestId).toBe('req-1');
    expect(decoder.decode({ event: 'chunk', data: { ...ids, content: 'Hel' } }, 2)).toEqual([{ type: 'text-appended', runId: 'run-1', text: 'Hel' }]);
    expect(decoder.decode({ event: 'sources', data: { ...ids, sources: result.sources } }, 3)).toEqual([
      { type: 'sources-added', runId: 'run-1', sources: result.sources },
    ]);
    expect(decoder.decode({ event: 'end', data: { requestId: 'req-1', ...result } }, 4)).toEqual([
      { type: 'run-completed', result },
      { type: 'request-finished', requestId: 'req-1', results: [result] },
    ]);
    expect(decoder.lastSeq).toBe(4);
  });

  it('decode a run’s error as that run failing, and an error without a run as the request failing', () => {
    const stop = { requestId: 'req-1', runId: 'run-1', message: 'Stopped.', code: 'CANCELLED', retryable: false };
    expect(createFrameDecoder('single', checkFrame).decode({ event: 'error', data: stop }, 5)).toEqual([
      { type: 'run-failed', runId: 'run-1', failure: { message: 'Stopped.', code: 'CANCELLED', retryable: false }, result: null },
      { type: 'request-finished', requestId: 'req-1', results: null },
    ]);
    const restarting = { requestId: 'req-1', message: '', code: 'SERVER_RESTARTING', retryable: true };
    expect(createFrameDecoder('single', checkFrame).decode({ event: 'error', data: restarting }, null)).toEqual([
      { type: 'request-failed', failure: { message: 'Search failed', code: 'SERVER_RESTARTING', retryable: true } },
    ]);
  });
});

describe('a comparison’s frames', () => {
  it('decode every kind, a failed or stopped model_complete as that run failing with its result', () => {
    const decoder = createFrameDecoder('comparison', checkFrame);
    const base = { ...ids, ...names };
    expect(decoder.decode({ event: 'model_start', data: base }, 1)).toEqual([{ type: 'run-started', ...ids, ...names }]);
    expect(decoder.decode({ event: 'model_chunk', data: { ...base, content: 'Hi' } }, 2)).toEqual([{ type: 'text-appended', runId: 'run-1', text: 'Hi' }]);
    expect(decoder.decode({ event: 'model_sources', data: { ...base, sources: [] } }, 3)).toEqual([{ type: 'sources-added', runId: 'run-1', sources: [] }]);
    expect(decoder.decode({ event: 'model_complete', data: { ...base, result } }, 4)).toEqual([{ type: 'run-completed', result }]);
    expect(decoder.decode({ event: 'model_complete', data: { ...base, runId: 'run-2', result: { ...stopped, runId: 'run-2' } } }, 5)).toEqual([
      { type: 'run-failed', runId: 'run-2', failure: { message: 'Stopped.', code: 'CANCELLED', retryable: false }, result: { ...stopped, runId: 'run-2' } },
    ]);
    expect(decoder.decode({ event: 'all_complete', data: { requestId: 'req-1', totalCreditsUsed: 6, results: [result] } }, null)).toEqual([
      { type: 'request-finished', requestId: 'req-1', results: [result] },
    ]);
    expect(
      createFrameDecoder('comparison', checkFrame).decode({ event: 'error', data: { requestId: 'req-1', message: '', code: 'X', retryable: true } }, null),
    ).toEqual([{ type: 'request-failed', failure: { message: 'An error occurred during comparison', code: 'X', retryable: true } }]);
  });
});

describe('sequence numbers', () => {
  it('drop a frame at or before the last one applied (a replay), whatever its content', () => {
    const decoder = createFrameDecoder('single', checkFrame);
    decoder.decode({ event: 'chunk', data: { ...ids, content: 'a' } }, 3);
    expect(decoder.decode({ event: 'chunk', data: { ...ids, content: 'a' } }, 3)).toEqual([]);
    expect(decoder.decode({ event: 'chunk', data: { ...ids, content: 'old' } }, 2)).toEqual([]);
    expect(decoder.decode({ event: 'chunk', data: { ...ids, content: 'b' } }, 4)).toEqual([{ type: 'text-appended', runId: 'run-1', text: 'b' }]);
    expect(decoder.lastSeq).toBe(4);
  });

  it('start after the resume point when following from one', () => {
    const decoder = createFrameDecoder('comparison', checkFrame, 10);
    expect(decoder.decode({ event: 'model_chunk', data: { ...ids, ...names, content: 'seen' } }, 10)).toEqual([]);
    expect(decoder.decode({ event: 'model_chunk', data: { ...ids, ...names, content: 'new' } }, 11)).toHaveLength(1);
  });
});

describe('the contract check', () => {
  it('turns a frame that breaks the contract into the Streaming error, naming the broken fields', () => {
    const decoder = createFrameDecoder('single', checkFrame);
    const [update] = decoder.decode({ event: 'end', data: { requestId: 'req-1', ...result, creditsUsed: 'six' } }, 4);
    expect(update).toEqual({
      type: 'request-failed',
      failure: { message: 'Streaming error', code: 'invalid_frame', retryable: false },
      reason: 'end: fields creditsUsed do not match the contract',
    });
    // Not applied, so not a resume point either.
    expect(decoder.lastSeq).toBe(0);
  });

  it('skips a comparison frame on a single answer’s stream, and fails a frame whose data is not JSON', () => {
    expect(createFrameDecoder('single', checkFrame).decode({ event: 'model_start', data: { ...ids, ...names } }, 1)).toEqual([]);
    const [broken] = createFrameDecoder('comparison', checkFrame).decode({ event: 'model_chunk', data: 'not json' }, 1);
    expect(broken).toMatchObject({ type: 'request-failed', reason: 'model_chunk: data is not an object' });
  });

  it('skips a frame it does not know, so the server can add frames', () => {
    expect(createFrameDecoder('comparison', checkFrame).decode({ event: 'heartbeat', data: {} }, null)).toEqual([]);
  });
});
