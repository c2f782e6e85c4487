import { describe, expect, it } from 'vitest';
import { type ServerSentEvent, ServerSentEventParser } from './server-sent-events.ts';

function parseAll(chunks: readonly string[]): ServerSentEvent[] {
  const parser = new ServerSentEventParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

const searchStream = [
  ': connected',
  'id: 1',
  'event: start',
  'data: {"requestId":"r","runId":"u","engine":"openai","model":"gpt-4o-mini"}',
  '',
  'id: 2',
  'event: chunk',
  'data: {"requestId":"r","runId":"u","content":"Hé 👋"}',
  '',
  ':keep-alive',
  '',
  'id: 3',
  'event: end',
  'data: {"requestId":"r","runId":"u","response":"Hé 👋","creditsUsed":0,"finishReason":"stop","durationMs":5}',
  '',
  '',
].join('\n');

const expectedSearchEvents: ServerSentEvent[] = [
  {
    event: 'start',
    data: '{"requestId":"r","runId":"u","engine":"openai","model":"gpt-4o-mini"}',
    id: '1',
    ownId: '1',
  },
  { event: 'chunk', data: '{"requestId":"r","runId":"u","content":"Hé 👋"}', id: '2', ownId: '2' },
  {
    event: 'end',
    data: '{"requestId":"r","runId":"u","response":"Hé 👋","creditsUsed":0,"finishReason":"stop","durationMs":5}',
    id: '3',
    ownId: '3',
  },
];

describe('ServerSentEventParser', () => {
  it('parses named events with ids and skips comments', () => {
    expect(parseAll([searchStream])).toEqual(expectedSearchEvents);
  });

  it('joins multi-line data with line feeds', () => {
    expect(parseAll(['event: chunk\ndata: first\ndata:\ndata:  indented\n\n'])).toEqual([
      { event: 'chunk', data: 'first\n\n indented', id: '', ownId: null },
    ]);
  });

  it('accepts CRLF, CR and LF line endings, mixed', () => {
    expect(parseAll(['data: a\r\n\r\ndata: b\r\rdata: c\n\n'])).toEqual([
      { event: 'message', data: 'a', id: '', ownId: null },
      { event: 'message', data: 'b', id: '', ownId: null },
      { event: 'message', data: 'c', id: '', ownId: null },
    ]);
  });

  it('gives the same events however the stream is split into chunks', () => {
    const crlfStream = searchStream.replaceAll('\n', '\r\n');
    for (const stream of [searchStream, crlfStream]) {
      for (let splitAt = 0; splitAt <= stream.length; splitAt += 1) {
        expect(parseAll([stream.slice(0, splitAt), stream.slice(splitAt)])).toEqual(expectedSearchEvents);
      }
      expect(parseAll(Array.from(stream))).toEqual(expectedSearchEvents);
    }
  });

  it('treats a CR at the end of one chunk and an LF at the start of the next as one line break', () => {
    expect(parseAll(['data: a\r', '\n', '\r', '\ndata: b\r', '\r'])).toEqual([
      { event: 'message', data: 'a', id: '', ownId: null },
      { event: 'message', data: 'b', id: '', ownId: null },
    ]);
  });

  it('does not dispatch an event until its blank line arrives, and drops an unfinished one at the end', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('event: chunk\ndata: partial')).toEqual([]);
    expect(parser.push(' text\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'chunk', data: 'partial text', id: '', ownId: null }]);
    expect(parser.push('data: never finished\n')).toEqual([]);
  });

  it('strips only one space after the colon and reads a line without a colon as a field with no value', () => {
    expect(parseAll(['data:no space\n\ndata:   three spaces\n\ndata\n\n'])).toEqual([
      { event: 'message', data: 'no space', id: '', ownId: null },
      { event: 'message', data: '  three spaces', id: '', ownId: null },
      { event: 'message', data: '', id: '', ownId: null },
    ]);
  });

  it('drops events without data and does not let their type leak into the next event', () => {
    expect(parseAll(['event: ping\n\ndata: x\n\n'])).toEqual([{ event: 'message', data: 'x', id: '', ownId: null }]);
  });

  it('keeps the last event id for later events, ignores ids containing NULL, and allows resetting it', () => {
    expect(parseAll(['id: 7\ndata: a\n\ndata: b\n\nid: 8\0\ndata: c\n\nid\ndata: d\n\n'])).toEqual([
      { event: 'message', data: 'a', id: '7', ownId: '7' },
      { event: 'message', data: 'b', id: '7', ownId: null },
      { event: 'message', data: 'c', id: '7', ownId: null },
      { event: 'message', data: 'd', id: '', ownId: '' },
    ]);
  });

  it('ignores unknown fields, retry, and a byte order mark at the start of the stream', () => {
    expect(parseAll(['\uFEFF', 'retry: 1000\nfoo: bar\ndata: x\n\n'])).toEqual([
      { event: 'message', data: 'x', id: '', ownId: null },
    ]);
  });
});
