import { ServerSentEventParser, type ServerSentEvent } from '../client/src/api/server-sent-events.ts';

/**
 * Reads a `text/event-stream` body to its end with the browser client's own parser. Each event is stamped with
 * `performance.now()` taken when the bytes that completed it came off the body, before decoding and parsing, so
 * the stamp is as close to arrival as the fetch API lets us get. Both benchmark paths (direct and through Quorum)
 * read this way, so whatever reading costs, it costs both the same.
 */
export async function readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent, receivedAt: number) => void,
): Promise<void> {
  const parser = new ServerSentEventParser();
  const decoder = new TextDecoder();
  for await (const bytes of body) {
    const receivedAt = performance.now();
    for (const event of parser.push(decoder.decode(bytes, { stream: true }))) onEvent(event, receivedAt);
  }
}
