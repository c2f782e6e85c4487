import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SHARE_TOKEN_PATTERN } from '../../contract/shares.ts';
import type { RequestKind } from '../database/entities/search-request.ts';

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
}

interface ShareRow {
  token: string;
  request_id: string;
  query: string;
  kind: RequestKind;
  created_at: Date;
}

const stored = (row: ShareRow): StoredShare => ({ token: row.token, requestId: row.request_id, query: row.query, kind: row.kind, createdAt: new Date(row.created_at) });

/**
 * The request's live link, made if it has none: sharing twice gives the same link, and the partial unique index
 * keeps two at once from making two.
 */
export async function shareRequest(em: EntityManager, userId: string, requestId: string): Promise<StoredShare> {
  await em.execute(
    `insert into shared_links (token, request_id, user_id) values (?, ?, ?) on conflict (request_id) where revoked_at is null do nothing`,
    [newShareToken(), requestId, userId],
  );
  const [row] = await em.execute<ShareRow[]>(
    `select link.token, link.request_id, request.query, request.kind, link.created_at
       from shared_links link join search_requests request on request.id = link.request_id
      where link.request_id = ? and link.revoked_at is null`,
    [requestId],
  );
  return stored(row!);
}

export async function listShares(em: EntityManager, userId: string): Promise<StoredShare[]> {
  const rows = await em.execute<ShareRow[]>(
    `select link.token, link.request_id, request.query, request.kind, link.created_at
       from shared_links link join search_requests request on request.id = link.request_id
      where link.user_id = ? and link.revoked_at is null
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

/** The request a live link opens, or null: an unknown and a revoked link are the same nothing. */
export async function sharedRequestId(em: EntityManager, token: string): Promise<string | null> {
  if (!isShareToken(token)) return null;
  const [row] = await em.execute<{ request_id: string }[]>(`select request_id from shared_links where token = ? and revoked_at is null`, [token]);
  return row?.request_id ?? null;
}
