import { describe, expect, it } from 'vitest';
import { decodeSearchEvent } from './search-contract.ts';

const ids = { requestId: 'request-1', runId: 'run-1' };

function message(event: string, data: unknown) {
  return { event, data: typeof data === 'string' ? data : JSON.stringify(data), id: '1' };
}

describe('decodeSearchEvent', () => {
  it('decodes each event of the contract', () => {
    expect(decodeSearchEvent(message('start', { ...ids, engine: 'openai', model: 'o1' }))).toEqual({
      outcome: 'event',
      event: { type: 'start', ...ids, engine: 'openai', model: 'o1' },
    });
    expect(decodeSearchEvent(message('chunk', { ...ids, content: '' }))).toEqual({
      outcome: 'event',
      event: { type: 'chunk', ...ids, content: '' },
    });
    const end = { ...ids, response: 'Done.', creditsUsed: 0, finishReason: null, durationMs: 12 };
    expect(decodeSearchEvent(message('end', end))).toEqual({ outcome: 'event', event: { type: 'end', ...end } });
    const error = { ...ids, message: 'Rate limited', code: 'rate_limited', retryable: true };
    expect(decodeSearchEvent(message('error', error))).toEqual({ outcome: 'event', event: { type: 'error', ...error } });
  });

  it('drops fields outside the contract', () => {
    expect(decodeSearchEvent(message('chunk', { ...ids, content: 'x', extra: true }))).toEqual({
      outcome: 'event',
      event: { type: 'chunk', ...ids, content: 'x' },
    });
  });

  it('skips events it does not know, such as the default "message"', () => {
    expect(decodeSearchEvent(message('message', 'hello'))).toEqual({ outcome: 'unknown' });
    expect(decodeSearchEvent(message('progress', { ...ids }))).toEqual({ outcome: 'unknown' });
  });

  it.each([
    ['chunk', '{broken'],
    ['chunk', '"a string"'],
    ['chunk', '[]'],
    ['chunk', { ...ids }],
    ['chunk', { runId: 'run-1', content: 'x' }],
    ['start', { ...ids, engine: 'openai' }],
    ['end', { ...ids, response: 'x', creditsUsed: -1, finishReason: 'stop', durationMs: 1 }],
    ['end', { ...ids, response: 'x', creditsUsed: 0, finishReason: 3, durationMs: 1 }],
    ['error', { ...ids, message: 'x', code: 'y', retryable: 'yes' }],
  ])('rejects a %s event with data %j', (event, data) => {
    expect(decodeSearchEvent(message(event, data))).toEqual({ outcome: 'invalid' });
  });
});
