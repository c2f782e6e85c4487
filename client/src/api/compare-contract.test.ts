import { describe, expect, it } from 'vitest';
import { decodeCompareEvent } from './compare-contract.ts';

const base = { requestId: 'r', runId: 'u', engine: 'openai', model: 'gpt-4o' };

describe('decodeCompareEvent', () => {
  it('decodes live-socket frames, whose data is already parsed, like SSE events', () => {
    expect(decodeCompareEvent('model_chunk', { ...base, content: 'Hi' })).toEqual({ outcome: 'event', event: { type: 'model_chunk', ...base, content: 'Hi' } });
    expect(decodeCompareEvent('request_finished', {})).toEqual({ outcome: 'unknown' });
    expect(decodeCompareEvent('model_start', { ...base, engine: 7 })).toEqual({ outcome: 'invalid' });
    expect(decodeCompareEvent('model_chunk', null)).toEqual({ outcome: 'invalid' });
  });

  it('reads a stored result without retry advice, timings or sources, and names it by the event’s model', () => {
    const decoded = decodeCompareEvent('model_complete', {
      ...base,
      result: { engine: 'other', model: 'other', success: false, response: null, error: 'Model request failed', creditsUsed: 0 },
    });
    expect(decoded).toMatchObject({
      outcome: 'event',
      event: { result: { engine: 'openai', model: 'gpt-4o', runId: 'u', retryable: null, errorCode: null, timeToFirstTokenMs: null, durationMs: null, sources: [] } },
    });
  });

  it('shows an object response as formatted JSON (spec section 3)', () => {
    const decoded = decodeCompareEvent('model_complete', { ...base, result: { success: true, response: { answer: 42 }, creditsUsed: 12 } });
    expect(decoded.outcome === 'event' && decoded.event.type === 'model_complete' && decoded.event.result.response).toBe('```json\n{\n  "answer": 42\n}\n```');
  });

  it('keeps only sources with a URL', () => {
    const decoded = decodeCompareEvent('model_sources', { ...base, sources: [{ url: 'https://example.com', title: 'Example' }, { title: 'no url' }, 'junk'] });
    expect(decoded).toMatchObject({ event: { sources: [{ url: 'https://example.com', title: 'Example' }] } });
  });

  it('refuses an all_complete whose results it cannot read', () => {
    expect(decodeCompareEvent('all_complete', { requestId: 'r', totalCreditsUsed: 0, results: [{ engine: 'openai' }] })).toEqual({ outcome: 'invalid' });
  });
});
