/**
 * What a signed-in person's open tabs hear about their account, whichever tab, server or worker caused it. Carried
 * by one Redis pub/sub channel per user: at most once and only while someone listens, which is enough because each
 * message is a nudge; the credits endpoint and the request's own stream stay the record.
 */
export type AccountEvent =
  /** A hold was placed, captured or released: `creditsRemaining` is balance − held, as `GET /api/credits` says. */
  | { type: 'credits_changed'; creditsRemaining: number }
  /** One of their requests ended (every run answered or failed), whichever tab asked it. */
  | { type: 'request_finished'; requestId: string };

export function accountEventChannel(keyPrefix: string, userId: string): string {
  return `${keyPrefix}:account:${userId}`;
}

export function userIdFromAccountEventChannel(keyPrefix: string, channel: string): string | undefined {
  const start = `${keyPrefix}:account:`;
  if (!channel.startsWith(start)) return undefined;
  const userId = channel.slice(start.length);
  return userId.length > 0 && !userId.includes(':') ? userId : undefined;
}

/** Undefined for anything that is not an account event: a listener never trusts what arrives on a channel. */
export function parseAccountEvent(payload: string): AccountEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as Record<string, unknown>;
  if (candidate.type === 'credits_changed' && typeof candidate.creditsRemaining === 'number') {
    return { type: 'credits_changed', creditsRemaining: candidate.creditsRemaining };
  }
  if (candidate.type === 'request_finished' && typeof candidate.requestId === 'string') {
    return { type: 'request_finished', requestId: candidate.requestId };
  }
  return undefined;
}
