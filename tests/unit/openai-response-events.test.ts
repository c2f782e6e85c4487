import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../worker/providers/answer-provider.ts';
import { ResponseEventReader } from '../../worker/providers/openai/openai-response-events.ts';

/** Events carry many fields the reader ignores; tests spell out only the ones it reads. */
function event(fields: Record<string, unknown>): ResponseStreamEvent {
  return { sequence_number: 0, ...fields } as unknown as ResponseStreamEvent;
}

function citation(url: string, title = 'A page') {
  return event({
    type: 'response.output_text.annotation.added',
    annotation_index: 0,
    annotation: { type: 'url_citation', start_index: 0, end_index: 4, url, title },
  });
}

function finished(status: string, extra: Record<string, unknown> = {}) {
  return event({
    type: status === 'completed' ? 'response.completed' : 'response.incomplete',
    response: { status, output: [], usage: { input_tokens: 12, output_tokens: 34, total_tokens: 46 }, ...extra },
  });
}

describe('ResponseEventReader', () => {
  it('turns text deltas into text and skips empty ones and bookkeeping events', () => {
    const reader = new ResponseEventReader();
    expect(reader.read(event({ type: 'response.output_text.delta', delta: 'Hello ' }))).toEqual([{ type: 'text', text: 'Hello ' }]);
    expect(reader.read(event({ type: 'response.output_text.delta', delta: '' }))).toEqual([]);
    expect(reader.read(event({ type: 'response.web_search_call.searching', item_id: 'ws_1', output_index: 0 }))).toEqual([]);
    expect(reader.read(event({ type: 'response.output_text.done', text: 'Hello ' }))).toEqual([]);
    expect(reader.ended).toBe(false);
  });

  it('passes each cited page on once, with an empty title as null', () => {
    const reader = new ResponseEventReader();
    expect(reader.read(citation('https://a.example/x', 'A'))).toEqual([{ type: 'sources', sources: [{ url: 'https://a.example/x', title: 'A' }] }]);
    expect(reader.read(citation('https://a.example/x', 'A again'))).toEqual([]);
    expect(reader.read(citation('https://b.example/y', ''))).toEqual([{ type: 'sources', sources: [{ url: 'https://b.example/y', title: null }] }]);
  });

  it('ignores annotations that are not web citations', () => {
    const reader = new ResponseEventReader();
    const fileCitation = event({
      type: 'response.output_text.annotation.added',
      annotation: { type: 'file_citation', file_id: 'file_1', filename: 'a.pdf', index: 0 },
    });
    expect(reader.read(fileCitation)).toEqual([]);
    expect(reader.read(event({ type: 'response.output_text.annotation.added', annotation: null }))).toEqual([]);
  });

  it('ends with usage and the status on response.completed', () => {
    const reader = new ResponseEventReader();
    expect(reader.read(finished('completed'))).toEqual([
      { type: 'usage', inputTokens: 12, outputTokens: 34, cachedTokens: null, reasoningTokens: null },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(reader.ended).toBe(true);
  });

  it('reads the cached and reasoning parts of the usage when the response carries them', () => {
    const reader = new ResponseEventReader();
    const usage = { input_tokens: 120, input_tokens_details: { cached_tokens: 96 }, output_tokens: 60, output_tokens_details: { reasoning_tokens: 40 }, total_tokens: 180 };
    expect(reader.read(finished('completed', { usage }))[0]).toEqual({ type: 'usage', inputTokens: 120, outputTokens: 60, cachedTokens: 96, reasoningTokens: 40 });
  });

  it('ends with the reason on response.incomplete', () => {
    const reader = new ResponseEventReader();
    const parts = reader.read(finished('incomplete', { incomplete_details: { reason: 'max_output_tokens' } }));
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'length' });
    expect(reader.ended).toBe(true);
  });

  it('picks up citations found only in the final output, without repeating announced ones', () => {
    const reader = new ResponseEventReader();
    reader.read(citation('https://a.example/x'));
    const output = [
      { type: 'web_search_call', id: 'ws_1', status: 'completed' },
      {
        type: 'message',
        content: [
          {
            type: 'output_text',
            text: 'text',
            annotations: [
              { type: 'url_citation', start_index: 0, end_index: 1, url: 'https://a.example/x', title: 'A' },
              { type: 'url_citation', start_index: 1, end_index: 2, url: 'https://c.example/z', title: 'C' },
            ],
          },
        ],
      },
    ];
    expect(reader.read(finished('completed', { output }))[0]).toEqual({
      type: 'sources',
      sources: [{ url: 'https://c.example/z', title: 'C' }],
    });
  });

  it('leaves usage out when the response has none', () => {
    const reader = new ResponseEventReader();
    const parts = reader.read(event({ type: 'response.completed', response: { status: 'completed', output: [] } }));
    expect(parts).toEqual([{ type: 'finish', reason: 'stop' }]);
  });

  it.each([
    ['rate_limit_exceeded', 'RATE_LIMIT_ERROR', true],
    ['server_error', 'PROVIDER_ERROR', true],
    ['invalid_prompt', 'PROVIDER_REJECTED', false],
  ])('throws on response.failed with %s as %s', (code, expected, retryable) => {
    const reader = new ResponseEventReader();
    const failed = event({ type: 'response.failed', response: { status: 'failed', output: [], error: { code, message: 'vendor detail' } } });
    let thrown: unknown;
    try {
      reader.read(failed);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProviderError);
    expect(thrown).toMatchObject({ code: expected, retryable });
    expect((thrown as Error).message).not.toContain('vendor detail');
    expect(reader.ended).toBe(false);
  });

  it('throws on an error event', () => {
    const reader = new ResponseEventReader('openai');
    expect(() => reader.read(event({ type: 'error', code: 'server_error', message: 'boom', param: null }))).toThrow(ProviderError);
    expect(() => reader.read(event({ type: 'error', code: null, message: 'boom', param: null }))).toThrow(/openai failed/);
  });
});
