import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const deriveKey = promisify(argon2);

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 passes, 1 lane. About 35 ms on this machine. */
const PARAMETERS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Generous, but bounded: hashing megabytes of "password" would be a cheap way to burn our CPU. */
export const PASSWORD_MAX_LENGTH = 256;

interface Argon2Cost {
  memory: number;
  passes: number;
  parallelism: number;
  tagLength: number;
}

async function derive(password: string, salt: Buffer, parameters: Argon2Cost): Promise<Buffer> {
  return deriveKey('argon2id', { message: password, nonce: salt, ...parameters });
}

/** A PHC string: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`, so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, PARAMETERS);
  const { memory, passes, parallelism } = PARAMETERS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(encoded);
  if (!match) return false;
  const expected = Buffer.from(match[5]!, 'base64url');
  const actual = await derive(password, Buffer.from(match[4]!, 'base64url'), {
    memory: Number(match[1]),
    passes: Number(match[2]),
    parallelism: Number(match[3]),
    tagLength: expected.length,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account (or no password) to check against, so response
 * times do not tell an attacker which addresses have accounts.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
}
