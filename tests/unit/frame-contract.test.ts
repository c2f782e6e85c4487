import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ServerSentEventParser, type ServerSentEvent } from '../../client/src/api/server-sent-events.ts';
import { checkFrame } from '../../client/src/requests/frame-check.ts';
import { createFrameDecoder } from '../../client/src/requests/frame-decoder.ts';
import type { RunUpdate } from '../../client/src/requests/run-update.ts';
import { CompareStreamFrame } from '../../contract/compare-stream.ts';
import { analyseBrandMention } from '../../core/brand/brand-analysis.ts';
import type { AskKind } from '../../contract/ask.ts';
import type { RunEvent } from '../../contract/run-events.ts';
import { SearchStreamFrame } from '../../contract/search-stream.ts';
import { ServerSentEventStream } from '../../server/streaming/server-sent-events.ts';
import { comparisonFormat, singleSearchFormat, type Frame, type StreamFormat } from '../../server/streaming/stream-formats.ts';
import type { WatchedRun } from '../../server/streaming/watch-request.ts';

/**
 * The server's own frame builders, written by its own SSE writer, read by the browser's parser and decoder: every
 * frame kind of both streams must come out as the server built it and pass the contract check. A change on either
 * side that the other does not follow fails here.
 */

/** Just enough of a response for the SSE writer: it records what is written. */
function recordingResponse(): { response: ServerResponse; text: () => string } {
  const written: string[] = [];
  const emitter = Object.assign(new EventEmitter(), {
    destroyed: false,
    writableEnded: false,
    writeHead: () => emitter,
    write: (chunk: string) => written.push(chunk) > 0,
    end: () => {
      emitter.writableEnded = true;
    },
  });
  return { response: emitter as unknown as ServerResponse, text: () => written.join('') };
}

const REQUEST = 'req-1';
const gpt: WatchedRun = { runId: 'run-1', engine: 'openai', model: 'gpt-4o-mini' };
const sonar: WatchedRun = { runId: 'run-2', engine: 'perplexity', model: 'sonar' };
const source = { url: 'https://example.com/tides', title: 'Tides' };
const answer = 'Tides are the Moon’s pull.';
/** A real analysis, so the frames that carry one are checked against the contract with one in them. */
const brandMention = analyseBrandMention({ text: answer, sources: [source], config: { brandName: 'Moon', competitors: ['Sun'] } });

function runEvents(run: WatchedRun, seqFrom: number, ending: 'end' | 'error'): RunEvent[] {
  const base = { requestId: REQUEST, runId: run.runId };
  const events: RunEvent[] = [
    { ...base, seq: seqFrom, type: 'run_start', engine: run.engine, model: run.model },
    { ...base, seq: seqFrom + 1, type: 'text_delta', text: 'Tides are ' },
    { ...base, seq: seqFrom + 2, type: 'sources', sources: [source] },
  ];
  events.push(
    ending === 'end'
      ? {
          ...base,
          seq: seqFrom + 3,
          type: 'run_end',
          text: answer,
          finishReason: 'stop',
          sources: [source],
          creditsUsed: 6,
          durationMs: 1_234,
          timeToFirstTokenMs: 210,
          inputTokens: 12,
          outputTokens: 34,
          cachedTokens: 8,
          reasoningTokens: null,
          brandMention,
        }
      : { ...base, seq: seqFrom + 3, type: 'run_error', message: 'Stopped.', code: 'CANCELLED', retryable: false },
  );
  return events;
}

interface Written {
  frame: Frame;
  id: number | undefined;
}

/** Writes frames exactly as the server's relay does: a stored event's frames carry its seq as their id. */
async function writeStream(frames: readonly Written[]): Promise<string> {
  const { response, text } = recordingResponse();
  const stream = new ServerSentEventStream(response);
  stream.open({});
  stream.comment('keep-alive');
  for (const { frame, id } of frames) await stream.send(frame.event, frame.data, id);
  stream.end();
  return text();
}

/** Reads the stream in awkward pieces (a multi-byte character and line breaks split), as a network would deliver it. */
function parse(text: string): ServerSentEvent[] {
  const parser = new ServerSentEventParser();
  const events: ServerSentEvent[] = [];
  for (let index = 0; index < text.length; index += 7) events.push(...parser.push(text.slice(index, index + 7)));
  return events;
}

function built(format: StreamFormat, runs: { run: WatchedRun; events: RunEvent[] }[], extra: Frame[]): Written[] {
  const frames: Written[] = [];
  for (const { run, events } of runs) for (const event of events) for (const frame of format.frames(event, run)) frames.push({ frame, id: event.seq });
  for (const frame of extra) frames.push({ frame, id: undefined });
  return frames;
}

async function roundTrip(kind: AskKind, frames: Written[]): Promise<{ received: ServerSentEvent[]; updates: RunUpdate[][] }> {
  const received = parse(await writeStream(frames));
  const decoder = createFrameDecoder(kind, checkFrame);
  const updates = received.map((message) =>
    decoder.decode({ event: message.event, data: JSON.parse(message.data) }, message.ownId === null ? null : Number(message.ownId)),
  );
  return { received, updates };
}

function expectSameFrames(frames: Written[], received: ServerSentEvent[], kind: AskKind): void {
  expect(received).toHaveLength(frames.length);
  received.forEach((message, index) => {
    const { frame, id } = frames[index]!;
    expect({ event: message.event, data: JSON.parse(message.data) }).toEqual(frame);
    expect(message.ownId).toBe(id === undefined ? null : String(id));
    expect(checkFrame(kind, frame)).toEqual({ verdict: 'valid' });
  });
}

const kindsOf = (union: typeof SearchStreamFrame | typeof CompareStreamFrame): string[] =>
  (union.anyOf as readonly { properties: { event: { const: string } } }[]).map((member) => member.properties.event.const).sort();

describe('a single answer’s frames, from the server’s builders to the browser’s decoder', () => {
  it('arrive as built, pass the contract, and decode, for every frame kind', async () => {
    const answered = built(singleSearchFormat, [{ run: gpt, events: runEvents(gpt, 1, 'end') }], []);
    const stopped = built(singleSearchFormat, [{ run: gpt, events: runEvents(gpt, 1, 'error') }], []);
    const interrupted = built(singleSearchFormat, [], [singleSearchFormat.interrupted(REQUEST)]);
    expect(singleSearchFormat.finished([], REQUEST)).toEqual([]);

    const produced = new Set<string>();
    for (const frames of [answered, stopped, interrupted]) {
      const { received, updates } = await roundTrip('single', frames);
      expectSameFrames(frames, received, 'single');
      for (const [index, decoded] of updates.entries()) {
        expect(decoded.length).toBeGreaterThan(0);
        expect(decoded.every((update) => update.type !== 'request-failed' || update.failure.code !== 'invalid_frame')).toBe(true);
        produced.add(received[index]!.event);
      }
    }
    expect([...produced].sort()).toEqual(kindsOf(SearchStreamFrame));

    // The single end carries the same result a comparison column gets.
    const { updates } = await roundTrip('single', answered);
    const endFrame = answered.at(-1)!.frame as Extract<Frame, { event: 'end' }>;
    const { requestId: _requestId, ...result } = endFrame.data;
    expect(updates.at(-1)).toEqual([
      { type: 'run-completed', result },
      { type: 'request-finished', requestId: REQUEST, results: [result] },
    ]);
    expect(result).toMatchObject({ timeToFirstTokenMs: 210, durationMs: 1_234, inputTokens: 12, outputTokens: 34, cachedTokens: 8, reasoningTokens: null, sources: [source], brandMention });
    expect(brandMention).toMatchObject({ mentioned: true, positions: [14], shareOfVoice: 1, citedDomains: ['example.com'] });
  });
});

describe('a comparison’s frames, from the server’s builders to the browser’s decoder', () => {
  it('arrive as built, pass the contract, and decode, for every frame kind', async () => {
    const first = runEvents(gpt, 1, 'end');
    const second = runEvents(sonar, 5, 'error');
    const results = [
      { ...(comparisonFormat.frames(first[3]!, gpt)[0]!.data as { result: object }).result },
      { ...(comparisonFormat.frames(second[3]!, sonar)[0]!.data as { result: object }).result },
    ];
    const compared = built(
      comparisonFormat,
      [
        { run: gpt, events: first },
        { run: sonar, events: second },
      ],
      comparisonFormat.finished(results as never, REQUEST),
    );
    const interrupted = built(comparisonFormat, [], [comparisonFormat.interrupted(REQUEST)]);

    const produced = new Set<string>();
    for (const frames of [compared, interrupted]) {
      const { received, updates } = await roundTrip('comparison', frames);
      expectSameFrames(frames, received, 'comparison');
      for (const [index, decoded] of updates.entries()) {
        expect(decoded.length).toBeGreaterThan(0);
        produced.add(received[index]!.event);
      }
    }
    expect([...produced].sort()).toEqual(kindsOf(CompareStreamFrame));

    const { updates } = await roundTrip('comparison', compared);
    // The stopped model ends as a failed run of its own, costing nothing; the summary is no resume point.
    expect(updates[7]).toEqual([
      { type: 'run-failed', runId: 'run-2', failure: { message: 'Stopped.', code: 'CANCELLED', retryable: false }, result: results[1] },
    ]);
    expect(updates.at(-1)).toEqual([{ type: 'request-finished', requestId: REQUEST, results }]);
  });
});
