import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { ApiKeySummary, CreatedApiKey, CreateApiKeyBody } from '../../contract/api-keys.ts';
import { API_KEY_LIMITS } from '../../contract/limits.ts';
import { hashToken } from '../secrets/index.ts';
import { AppError } from '../errors/index.ts';
import { newApiKey } from './api-key-secrets.ts';

/** A live key found by its secret: whose it is and the limits it carries. */
export interface AuthenticatedKey {
  id: string;
  userId: string;
  monthlyCreditCap: number | null;
  requestsPerMinute: number;
}

/**
 * Creates a key for the user; the whole key is returned once and only its hash is stored. The user's row is locked
 * while the live keys are counted, so two creations at once cannot pass the limit together.
 */
export async function createApiKey(em: EntityManager, userId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return em.transactional((transaction) => createLockedApiKey(transaction, userId, body));
}

async function createLockedApiKey(em: EntityManager, userId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> {
  await em.execute(`select id from users where id = ? for update`, [userId]);
  const [{ live }] = (await em.execute<{ live: string }[]>(`select count(*) as live from api_keys where user_id = ? and revoked_at is null`, [userId])) as [
    { live: string },
  ];
  if (Number(live) >= API_KEY_LIMITS.keysPerUser) {
    throw new AppError('VALIDATION_ERROR', `You can have at most ${API_KEY_LIMITS.keysPerUser} API keys. Revoke one you no longer use first.`);
  }
  const { key, prefix } = newApiKey();
  const id = randomUUID();
  const name = body.name.trim();
  const monthlyCreditCap = body.monthlyCreditCap ?? null;
  const requestsPerMinute = body.requestsPerMinute ?? API_KEY_LIMITS.defaultRequestsPerMinute;
  const [row] = await em.execute<{ created_at: Date }[]>(
    `insert into api_keys (id, user_id, name, prefix, key_hash, monthly_credit_cap, requests_per_minute)
     values (?, ?, ?, ?, ?, ?, ?) returning created_at`,
    [id, userId, name, prefix, hashToken(key), monthlyCreditCap, requestsPerMinute],
  );
  return { id, name, key, prefix, createdAt: new Date(row!.created_at).toISOString(), monthlyCreditCap, requestsPerMinute };
}

/** The user's live keys, oldest first, each with what it has spent. */
export async function listApiKeys(em: EntityManager, userId: string): Promise<ApiKeySummary[]> {
  const rows = await em.execute<ApiKeyRow[]>(
    `select api_key.id, api_key.name, api_key.prefix, api_key.created_at, api_key.last_used_at, api_key.monthly_credit_cap, api_key.requests_per_minute,
            coalesce(usage.requests, 0) as requests,
            coalesce(usage.credits_total, 0) as credits_total,
            coalesce(usage.credits_this_month, 0) as credits_this_month
       from api_keys as api_key
       left join lateral (
         select count(distinct request.id) as requests,
                sum(hold.amount) filter (where hold.status = 'captured') as credits_total,
                sum(hold.amount) filter (where hold.status in ('held', 'captured')
                                           and request.created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc') as credits_this_month
           from search_requests as request
           left join model_runs as run on run.request_id = request.id
           left join credit_holds as hold on hold.run_id = run.id
          where request.api_key_id = api_key.id
       ) as usage on true
      where api_key.user_id = ? and api_key.revoked_at is null
      order by api_key.created_at, api_key.id`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    monthlyCreditCap: row.monthly_credit_cap,
    requestsPerMinute: row.requests_per_minute,
    usage: { requests: Number(row.requests), creditsTotal: Number(row.credits_total), creditsThisMonth: Number(row.credits_this_month) },
  }));
}

interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  monthly_credit_cap: number | null;
  requests_per_minute: number;
  requests: string;
  credits_total: string;
  credits_this_month: string;
}

/** A live key as the mail after a password change names it: enough to recognise it, never its secret. */
export interface LiveKeyUse {
  name: string;
  prefix: string;
  lastUsedAt: Date | null;
}

/** The user's live keys, oldest first, with their last use only (none of the usage sums `listApiKeys` adds up). */
export async function listLiveKeyUses(em: EntityManager, userId: string): Promise<LiveKeyUse[]> {
  const rows = await em.execute<{ name: string; prefix: string; last_used_at: Date | null }[]>(
    `select name, prefix, last_used_at from api_keys where user_id = ? and revoked_at is null order by created_at, id`,
    [userId],
  );
  return rows.map((row) => ({ name: row.name, prefix: row.prefix, lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null }));
}

/** Revokes one of the user's keys at once; undefined when they have no such live key. */
export async function revokeApiKey(em: EntityManager, userId: string, keyId: string): Promise<Date | undefined> {
  const rows = await em.execute<{ revoked_at: Date }[]>(
    `update api_keys set revoked_at = now() where id = ? and user_id = ? and revoked_at is null returning revoked_at`,
    [keyId, userId],
  );
  return rows[0] ? new Date(rows[0].revoked_at) : undefined;
}

/**
 * The live key behind a secret, noting that it was used. Looked up by hash, so the secret is never compared or kept;
 * a revoked key is found no more, from the next call on.
 */
export async function authenticateApiKey(em: EntityManager, key: string): Promise<AuthenticatedKey | undefined> {
  const rows = await em.execute<{ id: string; user_id: string; monthly_credit_cap: number | null; requests_per_minute: number }[]>(
    `update api_keys set last_used_at = now()
      where key_hash = ? and revoked_at is null
  returning id, user_id, monthly_credit_cap, requests_per_minute`,
    [hashToken(key)],
  );
  const row = rows[0];
  return row ? { id: row.id, userId: row.user_id, monthlyCreditCap: row.monthly_credit_cap, requestsPerMinute: row.requests_per_minute } : undefined;
}
