import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, readServerSentEvents, SEARCH_BODY, type ReceivedEvent } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * A worker that counts itself loaded gathers a run's text deltas into fewer events. What a reader gets must not
 * change: the first token alone and at once, the rest in order under rising `seq`, a resume from any event giving
 * exactly what followed it, and the final text exactly what the model wrote.
 */
let stack: TestStack;

beforeAll(async () => {
  // Always loaded, so every run is coalesced whatever else the machine is doing.
  stack = await startTestStack({ environment: { CHUNK_COALESCING_LOAD_PER_SECOND: '0', CHUNK_COALESCING_MAX_MS: '50' } });
});

afterAll(async () => {
  await stack?.close();
});

/**
 * A prompt the simulator echoes a word per chunk, `chunkMs` apart: the test knows every piece the model sends.
 * Questions are at most 500 characters.
 */
function echoedPrompt(words: number, chunkMs: number, label: string): { prompt: string; pieces: string[] } {
  const pieces = Array.from({ length: words }, (_, index) => `${label}${index}${index === words - 1 ? '' : ' '}`);
  return { prompt: `${pieces.join('')} [[simulate echo=1 chunk-ms=${chunkMs}]]`, pieces };
}

function chunkEvents(events: ReceivedEvent[]): ReceivedEvent[] {
  return events.filter((event) => event.event === 'chunk');
}

async function follow(requestId: string, afterSeq: number): Promise<ReceivedEvent[]> {
  const response = await fetch(`${stack.baseUrl}/api/requests/${requestId}/events`, {
    headers: { 'last-event-id': String(afterSeq), cookie: stack.fundedCookie },
    signal: AbortSignal.timeout(30_000),
  });
  expect(response.status).toBe(200);
  return readServerSentEvents(response);
}

describe('coalesced chunks', () => {
  it('sends the first token alone, then fewer, larger chunks that add up to exactly the answer, in order', { timeout: 30_000 }, async () => {
    const { prompt, pieces } = echoedPrompt(60, 4, 'word');
    const { events } = await stack.ask({ ...SEARCH_BODY, query: prompt });
    const chunks = chunkEvents(events);
    const end = events.at(-1)!;
    expect(end.event).toBe('end');

    // The first token was not held for company, and what the worker stamped on it for the metrics stays inside.
    expect(chunks[0]!.data.content).toBe(pieces[0]);
    expect(chunks[0]!.data).not.toHaveProperty('firstByteAt');
    // Later ones were gathered: far fewer events than pieces, and some hold several pieces.
    expect(chunks.length).toBeLessThan(pieces.length / 2);
    expect(chunks.some((chunk) => String(chunk.data.content).split(' ').length > 3)).toBe(true);
    // Nothing lost, doubled or reordered: the chunks are the answer, and the stored answer is the model's text.
    const whole = pieces.join('');
    expect(answerText(events)).toBe(whole);
    expect(end.data.response).toBe(whole);
    const ids = chunks.map((chunk) => Number(chunk.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resumes from any coalesced event with exactly what followed it', { timeout: 30_000 }, async () => {
    const { prompt, pieces } = echoedPrompt(40, 4, 'term');
    const { events } = await stack.ask({ ...SEARCH_BODY, query: prompt });
    const chunks = chunkEvents(events);
    const requestId = String(events[0]!.data.requestId);
    expect(chunks.length).toBeGreaterThanOrEqual(3);

    // From the first batch of several pieces: the replay is the original stream's tail, event for event.
    const resumeAt = chunks[1]!;
    const replayed = await follow(requestId, Number(resumeAt.id));
    const tail = events.slice(events.indexOf(resumeAt) + 1);
    expect(replayed.map(({ event, id, data }) => ({ event, id, content: data.content }))).toEqual(
      tail.map(({ event, id, data }) => ({ event, id, content: data.content })),
    );
    expect(chunks.slice(0, 2).map((chunk) => chunk.data.content).join('') + answerText(replayed)).toBe(pieces.join(''));
  });

  it('gives a reader who leaves mid-answer, while deltas are held, the rest once it comes back', { timeout: 30_000 }, async () => {
    const { prompt, pieces } = echoedPrompt(60, 8, 'w');
    const leave = new AbortController();
    const before: ReceivedEvent[] = [];
    let requestId = '';
    await stack
      .ask({ ...SEARCH_BODY, query: prompt }, {
        signal: leave.signal,
        onEvent: (event) => {
          requestId ||= String(event.data.requestId);
          if (event.event !== 'chunk') return;
          before.push(event);
          if (before.length === 3) leave.abort();
        },
      })
      .catch(() => undefined);
    expect(before).toHaveLength(3);

    // The answer is still being written (and held) while the reader is away; it comes back from its last event.
    const rest = await follow(requestId, Number(before.at(-1)!.id));
    const restChunks = chunkEvents(rest);
    expect(Number(restChunks[0]!.id)).toBeGreaterThan(Number(before.at(-1)!.id));
    expect(answerText(before) + answerText(rest)).toBe(pieces.join(''));
    expect(rest.at(-1)).toMatchObject({ event: 'end', data: { response: pieces.join('') } });
  });
});
