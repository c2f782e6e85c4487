/**
 * Every JSON answer from the server is wrapped in `{ success, data, error }`. These helpers read that envelope
 * defensively: the body may come from a proxy, a crash page, or a server older or newer than this client.
 */

export interface ApiErrorDetails {
  message: string;
  code: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `error` of a failed envelope, or null when the body is not one or carries no usable message. */
export function readEnvelopeError(body: unknown): ApiErrorDetails | null {
  if (!isRecord(body) || body['success'] !== false || !isRecord(body['error'])) return null;
  const { message, code } = body['error'];
  if (typeof message !== 'string' || message.trim() === '') return null;
  return { message, code: typeof code === 'string' ? code : '' };
}

/** The `data` of an envelope, whether or not it reports success; null when the body is not an envelope. */
export function readEnvelopeData(body: unknown): Record<string, unknown> | null {
  return isRecord(body) && isRecord(body['data']) ? body['data'] : null;
}
