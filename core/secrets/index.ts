/**
 * Secret tokens and keyed digests.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { hashToken, keyedDigest, newSecretToken } from './secret-tokens.ts';
