import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a scrape may read `/metrics`: always when no `METRICS_TOKEN` is configured, otherwise only with
 * `Authorization: Bearer <token>`. Both sides are hashed first so the comparison takes the same time whatever
 * the length of the guess.
 */
export function scrapeAllowed(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  if (presented === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(token));
}
