/**
 * An incremental parser for the `text/event-stream` format, following the WHATWG HTML "event stream
 * interpretation" rules. It is fed decoded text exactly as it arrives from the network, so a line, a line break
 * (`\r\n`) or an event may be split across any number of chunks. We parse ourselves rather than use `EventSource`
 * because `EventSource` can only send GET requests without a body.
 */

export interface ServerSentEvent {
  /** The `event:` field, or `message` when the event did not name itself. */
  event: string;
  /** The `data:` lines, joined with `\n`. */
  data: string;
  /** The most recent `id:` seen on the stream; like `EventSource.lastEventId`, it carries over to later events. */
  id: string;
  /**
   * The `id:` this event carried itself, or null. A resumable stream numbers only the events it can resume from;
   * an event without its own id (a summary at the end) is no resume point even though `id` carries over to it.
   */
  ownId: string | null;
}

const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const BYTE_ORDER_MARK = '\uFEFF';

export class ServerSentEventParser {
  /** The start of a line whose line break has not arrived yet. */
  #partialLine = '';
  /** The previous chunk ended in `\r`; a `\n` at the start of the next chunk belongs to the same line break. */
  #skipLeadingLineFeed = false;
  #atStreamStart = true;
  #eventType = '';
  #dataLines: string[] = [];
  #lastEventId = '';
  #ownId: string | null = null;

  /** Consumes the next piece of the stream and returns the events it completed, in order. */
  push(chunk: string): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    let text = chunk;
    if (this.#atStreamStart && text.length > 0) {
      this.#atStreamStart = false;
      if (text.startsWith(BYTE_ORDER_MARK)) text = text.slice(1);
    }

    let lineStart = 0;
    if (this.#skipLeadingLineFeed && text.length > 0) {
      this.#skipLeadingLineFeed = false;
      if (text.charCodeAt(0) === LINE_FEED) lineStart = 1;
    }

    for (let index = lineStart; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (code !== LINE_FEED && code !== CARRIAGE_RETURN) continue;

      this.#processLine(this.#partialLine + text.slice(lineStart, index), events);
      this.#partialLine = '';
      if (code === CARRIAGE_RETURN) {
        if (index + 1 === text.length) this.#skipLeadingLineFeed = true;
        else if (text.charCodeAt(index + 1) === LINE_FEED) index += 1;
      }
      lineStart = index + 1;
    }

    if (lineStart < text.length) this.#partialLine += text.slice(lineStart);
    return events;
  }

  #processLine(line: string, events: ServerSentEvent[]): void {
    if (line === '') {
      this.#dispatch(events);
      return;
    }
    // Comments, used by servers as keep-alives.
    if (line.charCodeAt(0) === 58 /* ':' */) return;

    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);

    switch (field) {
      case 'event':
        this.#eventType = value;
        break;
      case 'data':
        this.#dataLines.push(value);
        break;
      case 'id':
        // The specification ignores ids containing NULL, which could never be echoed back in a header.
        if (!value.includes('\0')) {
          this.#lastEventId = value;
          this.#ownId = value;
        }
        break;
      default:
        // `retry:` only matters to a client that reconnects by itself, which this one does not; unknown fields are
        // ignored by the specification.
        break;
    }
  }

  #dispatch(events: ServerSentEvent[]): void {
    // An event without data lines is dropped, as `EventSource` does, and its type does not leak into the next one.
    if (this.#dataLines.length > 0) {
      events.push({ event: this.#eventType || 'message', data: this.#dataLines.join('\n'), id: this.#lastEventId, ownId: this.#ownId });
    }
    this.#eventType = '';
    this.#ownId = null;
    this.#dataLines = [];
  }
}
