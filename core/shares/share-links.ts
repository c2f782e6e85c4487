import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SHARE_TOKEN_PATTERN, type SharedRequest } from '../../contract/shares.ts';
import type { RequestKind } from '../database/index.ts';

const TOKEN_PATTERN = new RegExp(SHARE_TOKEN_PATTERN);

/** 24 random bytes: 32 URL-safe characters, far beyond guessing. */
export const newShareToken = (): string => randomBytes(24).toString('base64url');

export const isShareToken = (token: string): boolean => TOKEN_PATTERN.test(token);

export interface StoredShare {
  token: string;
  requestId: string;
  query: string;
  kind: RequestKind;
  createdAt: Date;
  expiresAt: Date | null;
  passphraseProtected: boolean;
  mode: 'live' | 'snapshot';
}

interface ShareRow {
  token: string;
  request_id: string;
  query: string;
  kind: RequestKind;
  created_at: Date;
  expires_at: Date | null;
  protected: boolean;
  frozen: boolean;
}

const stored = (row: ShareRow): StoredShare => ({
  token: row.token,
  requestId: row.request_id,
  query: row.query,
  kind: row.kind,
  createdAt: new Date(row.created_at),
  expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  passphraseProtected: row.protected,
  mode: row.frozen ? 'snapshot' : 'live',
});

const SHARE_COLUMNS = `link.token, link.request_id, request.query, request.kind, link.created_at, link.expires_at,
       link.passphrase_hash is not null as protected, link.snapshot is not null as frozen`;

/** A link that has not been revoked and has not reached its end. */
const LIVE = `link.revoked_at is null and (link.expires_at is null or link.expires_at > now())`;

/** What a new link starts with; left out, it never ends and has no passphrase. */
export interface InitialShareSettings {
  expiresAt?: Date | null;
  passphraseHash?: string | null;
}

/**
 * The request's live link, made if it has none, with its end and passphrase from the start (never public for a
 * moment without them): sharing twice gives the same link, and the partial unique index keeps two at once from
 * making two. When the link was there already, the settings given are applied to it.
 */
export async function shareRequest(em: EntityManager, userId: string, requestId: string, initial: InitialShareSettings = {}): Promise<StoredShare> {
  // A link past its end is retired first, so sharing again makes a new one rather than handing back a dead link.
  await em.execute(`update shared_links set revoked_at = now() where request_id = ? and revoked_at is null and expires_at <= now()`, [requestId]);
  const made = await em.execute<unknown[]>(
    `insert into shared_links (token, request_id, user_id, expires_at, passphrase_hash) values (?, ?, ?, ?, ?)
       on conflict (request_id) where revoked_at is null do nothing returning token`,
    [newShareToken(), requestId, userId, initial.expiresAt ?? null, initial.passphraseHash ?? null],
  );
  if (made.length === 0 && (initial.expiresAt !== undefined || initial.passphraseHash !== undefined)) {
    const [existing] = await em.execute<{ token: string }[]>(`select token from shared_links where request_id = ? and revoked_at is null`, [requestId]);
    if (existing) await changeShareSettings(em, userId, existing.token, initial);
  }
  const [row] = await em.execute<ShareRow[]>(
    `select ${SHARE_COLUMNS}
       from shared_links link join search_requests request on request.id = link.request_id
      where link.request_id = ? and link.revoked_at is null`,
    [requestId],
  );
  return stored(row!);
}

export async function listShares(em: EntityManager, userId: string): Promise<StoredShare[]> {
  const rows = await em.execute<ShareRow[]>(
    `select ${SHARE_COLUMNS}
       from shared_links link join search_requests request on request.id = link.request_id
      where link.user_id = ? and ${LIVE}
      order by link.created_at desc, link.token`,
    [userId],
  );
  return rows.map(stored);
}

/** Revokes the owner's live link; false when there is none (unknown, someone else's, or already revoked). */
export async function revokeShare(em: EntityManager, userId: string, token: string): Promise<boolean> {
  if (!isShareToken(token)) return false;
  const revoked = await em.execute<unknown[]>(`update shared_links set revoked_at = now() where token = ? and user_id = ? and revoked_at is null returning token`, [token, userId]);
  return revoked.length > 0;
}

export interface ShareSettingsChange {
  /** null: the link never ends. */
  expiresAt?: Date | null;
  /** An argon2id hash; null: anyone with the link may read it. */
  passphraseHash?: string | null;
  /** The public view to freeze; null: the link shows the request as it is now. */
  snapshot?: SharedRequest | null;
}

/** Changes the owner's live link's settings; null when there is no such link (unknown, someone else's, revoked, ended). */
export async function changeShareSettings(em: EntityManager, userId: string, token: string, change: ShareSettingsChange): Promise<StoredShare | null> {
  if (!isShareToken(token)) return null;
  const assignments: string[] = [];
  const values: unknown[] = [];
  if (change.expiresAt !== undefined) {
    assignments.push('expires_at = ?');
    values.push(change.expiresAt);
  }
  if (change.passphraseHash !== undefined) {
    assignments.push('passphrase_hash = ?');
    values.push(change.passphraseHash);
  }
  if (change.snapshot !== undefined) {
    assignments.push('snapshot = ?::jsonb');
    values.push(change.snapshot === null ? null : JSON.stringify(change.snapshot));
  }
  if (assignments.length > 0) {
    const changed = await em.execute<unknown[]>(
      `update shared_links link set ${assignments.join(', ')} where link.token = ? and link.user_id = ? and ${LIVE} returning link.token`,
      [...values, token, userId],
    );
    if (changed.length === 0) return null;
  }
  return ownLiveShare(em, userId, token);
}

/** The owner's link by its token while it works; null when unknown, someone else's, revoked or ended. */
export async function ownLiveShare(em: EntityManager, userId: string, token: string): Promise<StoredShare | null> {
  if (!isShareToken(token)) return null;
  const [row] = await em.execute<ShareRow[]>(
    `select ${SHARE_COLUMNS} from shared_links link join search_requests request on request.id = link.request_id
      where link.token = ? and link.user_id = ? and ${LIVE}`,
    [token, userId],
  );
  return row ? stored(row) : null;
}

/** What a link leads to, for its readers. */
export type OpenedShare =
  | { state: 'open'; requestId: string; passphraseHash: string | null; snapshot: SharedRequest | null }
  | { state: 'expired' }
  | { state: 'missing' };

/** The link's request and how it may be read: an unknown and a revoked link are the same nothing; an ended one says so. */
export async function openShare(em: EntityManager, token: string): Promise<OpenedShare> {
  if (!isShareToken(token)) return { state: 'missing' };
  const [row] = await em.execute<{ request_id: string; passphrase_hash: string | null; snapshot: SharedRequest | null; ended: boolean }[]>(
    `select request_id, passphrase_hash, snapshot, (expires_at is not null and expires_at <= now()) as ended from shared_links where token = ? and revoked_at is null`,
    [token],
  );
  if (!row) return { state: 'missing' };
  if (row.ended) return { state: 'expired' };
  return { state: 'open', requestId: row.request_id, passphraseHash: row.passphrase_hash, snapshot: row.snapshot };
}
