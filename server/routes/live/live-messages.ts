import type { AccountEvent } from '../../../core/events/account-event.ts';

/** What a tab may send over `GET /api/live`. */
export type ClientMessage =
  | { type: 'subscribe'; requestId: string; afterSeq: number }
  | { type: 'unsubscribe'; requestId: string }
  | { type: 'ping' };

/** What the server sends: a request's frames (named as on the SSE endpoints), acknowledgements, errors, account news. */
export type ServerMessage =
  /** `seq` is null for frames no stored event stands behind (`all_complete`, a restart notice): not a resume point. */
  | { type: 'event'; requestId: string; seq: number | null; event: string; data: Record<string, unknown> }
  | { type: 'subscribed'; requestId: string }
  | { type: 'request_finished'; requestId: string }
  | { type: 'error'; requestId?: string; message: string; code: string }
  | { type: 'pong' }
  | AccountEvent;

const REQUEST_ID_MAX_LENGTH = 64;
/** Sequence numbers are handed out by a Redis counter; anything beyond this is not one. */
const AFTER_SEQ_MAX = 1_000_000_000;

/** A message, or the reason it is not one, in words the tab can show a developer. */
export function parseClientMessage(text: string): ClientMessage | { invalid: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { invalid: 'Messages must be JSON.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { invalid: 'Messages must be JSON objects.' };
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ping':
      return { type: 'ping' };
    case 'subscribe':
    case 'unsubscribe': {
      const { requestId } = message;
      if (typeof requestId !== 'string' || requestId.length === 0 || requestId.length > REQUEST_ID_MAX_LENGTH) {
        return { invalid: `"${message.type}" needs a "requestId" string.` };
      }
      if (message.type === 'unsubscribe') return { type: 'unsubscribe', requestId };
      const afterSeq = message.afterSeq ?? 0;
      if (typeof afterSeq !== 'number' || !Number.isInteger(afterSeq) || afterSeq < 0 || afterSeq > AFTER_SEQ_MAX) {
        return { invalid: '"afterSeq" must be a whole number, 0 or more (the last "seq" received).' };
      }
      return { type: 'subscribe', requestId, afterSeq };
    }
    default:
      return { invalid: 'Unknown message type: use "subscribe", "unsubscribe" or "ping".' };
  }
}
