import { AFTER_SEQ_MAX, type LiveClientMessage, type LiveServerMessage } from '../../../contract/live-socket.ts';

/** What a tab may send over `GET /api/live`, and what the server sends back: the contract's socket messages. */
export type ClientMessage = LiveClientMessage;
export type ServerMessage = LiveServerMessage;

const REQUEST_ID_MAX_LENGTH = 64;

/**
 * A message, or the reason it is not one, in words a developer can act on (a schema validator's wording would not
 * say which field to fix). Bounds are the contract's.
 */
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
