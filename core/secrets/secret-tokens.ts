import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 256 bits from the operating system's CSPRNG, URL-safe: for session cookies and email links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a token: its SHA-256. Tokens are random, so no salt or slow hash is needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A keyed digest for identifiers we must recognise but never keep in the clear (guest IPs, email addresses). */
export function keyedDigest(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${value}`).digest('hex');
}
