/**
 * Per-IP limits on the actions an attacker would hammer (password guessing, mail bombing, token guessing). The
 * numbers are per window; AUTH_RATE_LIMIT_SCALE multiplies them all. Reading the session is not limited.
 */
export const AUTH_RATE_LIMITS: ReadonlyMap<string, { max: number; windowMs: number }> = new Map([
  ['login', { max: 10, windowMs: 15 * 60_000 }],
  ['register', { max: 5, windowMs: 60 * 60_000 }],
  ['resend-verification', { max: 10, windowMs: 60 * 60_000 }],
  ['google', { max: 20, windowMs: 15 * 60_000 }],
  ['verify-email', { max: 20, windowMs: 15 * 60_000 }],
  ['request-password-reset', { max: 5, windowMs: 60 * 60_000 }],
  ['reset-password', { max: 20, windowMs: 15 * 60_000 }],
]);

const UNLIMITED = { max: 100_000, windowMs: 60_000 };

export function rateLimitFor(action: string): { max: number; windowMs: number } {
  // A Map: the action is whatever the query string said, `constructor` included.
  return AUTH_RATE_LIMITS.get(action) ?? UNLIMITED;
}
