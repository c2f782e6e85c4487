import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SHARE_TEXTS, type SharedRequest } from '../../../contract/shares.ts';
import { verifyAgainstDecoy, verifyPassword } from '../../../core/accounts/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { openShare, sharedView } from '../../../core/shares/index.ts';
import { countInWindow } from '../../limits/window-counter.ts';

/** Passphrase tries per link and address: plenty for a person who mistypes, far too few to guess one. */
export const PASSPHRASE_TRIES = { max: 10, windowMs: 15 * 60_000 } as const;

/**
 * What a link shows its reader: its snapshot when the owner froze it, else the request as it is now. A protected
 * link needs its passphrase (`passphrase` null: the reader gave none). Tries are counted before the hash is checked,
 * per link and per address (keyed by the address's HMAC), and fail closed when Redis cannot count.
 */
export async function readShare(app: FastifyInstance, request: FastifyRequest, token: string, passphrase: string | null): Promise<SharedRequest> {
  const em = app.orm.em.fork();
  const opened = await openShare(em, token);
  if (opened.state === 'missing') throw new AppError('NOT_FOUND', SHARE_TEXTS.missing);
  if (opened.state === 'expired') throw new AppError('NOT_FOUND', SHARE_TEXTS.expired);
  if (opened.passphraseHash !== null) {
    if (passphrase === null) throw new AppError('FORBIDDEN', SHARE_TEXTS.protected);
    await countTry(app, token, request.clientIdentity.guestKey);
    if (!(await verifyPassword(passphrase, opened.passphraseHash))) throw new AppError('FORBIDDEN', SHARE_TEXTS.wrongPassphrase);
  } else if (passphrase !== null) {
    // An open link opened with a passphrase: the same work as checking one, so timing tells nothing about which it is.
    await verifyAgainstDecoy(passphrase);
  }
  const shared = opened.snapshot ?? (await sharedView(em, app.catalogue, opened.requestId));
  if (!shared) throw new AppError('NOT_FOUND', SHARE_TEXTS.missing);
  return shared;
}

async function countTry(app: FastifyInstance, token: string, addressKey: string): Promise<void> {
  let counted: Awaited<ReturnType<typeof countInWindow>>;
  try {
    counted = await countInWindow(app.redis, `${app.config.redis.keyPrefix}:rate-limit:share-passphrase:${token}:${addressKey}`, PASSPHRASE_TRIES.windowMs);
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: error });
  }
  if (counted.count > PASSPHRASE_TRIES.max) {
    // Says when this address may try the link again (the error handler sends it as Retry-After), as every other 429 does.
    const refused = new AppError('RATE_LIMIT_ERROR', SHARE_TEXTS.tooManyTries);
    (refused as AppError & { retryAfterSeconds: number }).retryAfterSeconds = Math.max(1, Math.ceil(counted.resetsInMs / 1_000));
    throw refused;
  }
}
