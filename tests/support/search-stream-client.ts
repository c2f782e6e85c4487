import { ServerSentEventParser } from '../../client/src/api/server-sent-events.ts';

export interface ReceivedEvent {
  event: string;
  id: string;
  data: Record<string, unknown>;
  /** Milliseconds since the request was sent. */
  receivedAfterMs: number;
}

export interface SearchStreamResult {
  status: number;
  contentType: string;
  headers: Headers;
  /** The SSE events, when the server answered with a stream. */
  events: ReceivedEvent[];
  /** The JSON envelope, when it answered with an error instead. */
  envelope: { success: boolean; data: unknown; error: { message: string; code: string } | null } | undefined;
}

/**
 * Posts a search like the browser does and reads the whole answer, parsing the stream with the client's own SSE
 * parser. `onEvent` sees each event the moment it arrives (to kill a worker mid-answer, say).
 */
export async function postSearchStream(
  baseUrl: string,
  body: unknown,
  options: {
    onEvent?: (event: ReceivedEvent) => void | Promise<void>;
    /** Sees the response as soon as its headers arrive (its cookies, say), before any event. */
    onResponse?: (response: Response) => void;
    signal?: AbortSignal;
    path?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<SearchStreamResult> {
  const startedAt = performance.now();
  const response = await fetch(`${baseUrl}${options.path ?? '/api/search/stream'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...options.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  options.onResponse?.(response);
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.startsWith('text/event-stream')) {
    return { status: response.status, contentType, headers: response.headers, events: [], envelope: await response.json() };
  }
  const parser = new ServerSentEventParser();
  const decoder = new TextDecoder();
  const events: ReceivedEvent[] = [];
  for await (const chunk of response.body!) {
    for (const parsed of parser.push(decoder.decode(chunk, { stream: true }))) {
      const event: ReceivedEvent = {
        event: parsed.event,
        id: parsed.id,
        data: JSON.parse(parsed.data) as Record<string, unknown>,
        receivedAfterMs: performance.now() - startedAt,
      };
      events.push(event);
      await options.onEvent?.(event);
    }
  }
  return { status: response.status, contentType, headers: response.headers, events, envelope: undefined };
}

/** Reads a whole server-sent event stream with the client's own parser, for tests that care about frames, not timing. */
export async function readServerSentEvents(response: Response): Promise<ReceivedEvent[]> {
  const parser = new ServerSentEventParser();
  const decoder = new TextDecoder();
  const events: ReceivedEvent[] = [];
  for await (const chunk of response.body!) {
    for (const parsed of parser.push(decoder.decode(chunk, { stream: true }))) {
      events.push({ event: parsed.event, id: parsed.id, data: JSON.parse(parsed.data) as Record<string, unknown>, receivedAfterMs: 0 });
    }
  }
  return events;
}

export function answerText(events: ReceivedEvent[]): string {
  return events
    .filter((event) => event.event === 'chunk')
    .map((event) => String(event.data.content))
    .join('');
}

/** One question to one model, for signed-in askers: gpt-4o-mini, 6 credits (a balanced model, locked for guests). */
export const SEARCH_BODY = { model: 'openai', specificModel: 'gpt-4o-mini', searchEnabled: false } as const;

/** The same for a guest, who may use only budget models: gpt-3.5-turbo, 3 credits. */
export const GUEST_SEARCH_BODY = { model: 'openai', specificModel: 'gpt-3.5-turbo', searchEnabled: false } as const;

/** Three cheap models from three providers, for comparisons: 6, 6 and 2 credits. */
export const THREE_MODELS = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'deepseek', model: 'deepseek-chat' },
  { engine: 'groq', model: 'llama-3.1-8b-instant' },
];
