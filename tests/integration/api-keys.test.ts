import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeySummary } from '../../contract/api-keys.ts';
import { API_KEY_LIMITS } from '../../contract/limits.ts';
import { createApiKeyFor } from '../support/api-key-client.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { postSearchStream } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

async function listKeys(cookie: string): Promise<ApiKeySummary[]> {
  const response = await fetch(`${stack.baseUrl}/api/api-keys`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { keys: ApiKeySummary[] } }).data.keys;
}

describe('API keys', () => {
  it('shows the whole key once, stores only its hash, lists keys without secrets, and revokes at once', async () => {
    const { cookie, user } = await createPayer(stack.records(), stack.config, 50);
    const created = await createApiKeyFor(stack.baseUrl, cookie, { name: '  Build server ', monthlyCreditCap: 200, requestsPerMinute: 30 });
    expect(created.key).toMatch(/^qrm_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({ name: 'Build server', monthlyCreditCap: 200, requestsPerMinute: 30 });

    // The table never holds the key: every column of the row, read as text, is checked for it.
    const rows = await stack.records().getConnection().execute<Record<string, unknown>[]>(`select * from api_keys where user_id = ?`, [user.id]);
    expect(rows).toHaveLength(1);
    const secret = created.key.slice(created.prefix.length);
    for (const value of Object.values(rows[0]!)) expect(String(value)).not.toContain(secret);
    expect(String(rows[0]!.key_hash).trim()).toBe(createHash('sha256').update(created.key).digest('hex'));

    const listed = await listKeys(cookie);
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'Build server',
        prefix: created.prefix,
        createdAt: created.createdAt,
        lastUsedAt: null,
        monthlyCreditCap: 200,
        requestsPerMinute: 30,
        usage: { requests: 0, creditsThisMonth: 0, creditsTotal: 0 },
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const revoked = await fetch(`${stack.baseUrl}/api/api-keys/${created.id}`, { method: 'DELETE', headers: { cookie } });
    expect(revoked.status).toBe(200);
    expect(await listKeys(cookie)).toEqual([]);
    const again = await fetch(`${stack.baseUrl}/api/api-keys/${created.id}`, { method: 'DELETE', headers: { cookie } });
    expect(again.status).toBe(404);
    const models = await fetch(`${stack.baseUrl}/v1/models`, { headers: { authorization: `Bearer ${created.key}` } });
    expect(models.status).toBe(401);
  });

  it('is for signed-in people only, and one person cannot see or revoke another’s keys', async () => {
    const anonymous = await fetch(`${stack.baseUrl}/api/api-keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x' }) });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');

    const owner = await createPayer(stack.records(), stack.config, 10);
    const stranger = await createPayer(stack.records(), stack.config, 10);
    const key = await createApiKeyFor(stack.baseUrl, owner.cookie);
    expect(await listKeys(stranger.cookie)).toEqual([]);
    const stolen = await fetch(`${stack.baseUrl}/api/api-keys/${key.id}`, { method: 'DELETE', headers: { cookie: stranger.cookie } });
    expect(stolen.status).toBe(404);
    expect(await listKeys(owner.cookie)).toHaveLength(1);

    // A key cannot manage keys: only a signed-in session can.
    const byKey = await fetch(`${stack.baseUrl}/api/api-keys`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(byKey.status).toBe(401);
  });

  it('refuses a blank name and more than the allowed number of keys', async () => {
    const { cookie } = await createPayer(stack.records(), stack.config, 10);
    const blank = await fetch(`${stack.baseUrl}/api/api-keys`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name: '   ' }) });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { error: { message: string } }).error.message).toBe('Give the key a name');
    for (let index = 0; index < API_KEY_LIMITS.keysPerUser; index += 1) await createApiKeyFor(stack.baseUrl, cookie, { name: `Key ${index}` });
    await expect(createApiKeyFor(stack.baseUrl, cookie, { name: 'One too many' })).rejects.toThrow(/400/);
  });

  it('calls the comparison stream with a key: charged like the web app, counted in the key’s usage and kept in the history', async () => {
    const { cookie, accountId } = await createPayer(stack.records(), stack.config, 40);
    const key = await createApiKeyFor(stack.baseUrl, cookie, { name: 'Comparisons' });
    const result = await postSearchStream(
      stack.baseUrl,
      {
        query: 'Which is faster, a train or a plane? [[simulate for=deepseek status=401]]',
        models: [
          { engine: 'openai', model: 'gpt-4o-mini' },
          { engine: 'groq', model: 'llama-3.1-8b-instant' },
          { engine: 'deepseek', model: 'deepseek-chat' },
        ],
      },
      { path: '/api/compare/stream', headers: { authorization: `Bearer ${key.key}` } },
    );
    expect(result.status).toBe(200);
    const all = result.events.find((event) => event.event === 'all_complete')!;
    expect(all.data.totalCreditsUsed).toBe(8);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 32, held: 0 });

    const [listed] = await listKeys(cookie);
    expect(listed!.usage).toEqual({ requests: 1, creditsThisMonth: 8, creditsTotal: 8 });
    expect(listed!.lastUsedAt).not.toBeNull();
    const history = await fetch(`${stack.baseUrl}/api/user-requests`, { headers: { cookie } });
    const requests = ((await history.json()) as { data: { requests: { id: string; creditsUsed: number }[] } }).data.requests;
    expect(requests.map((request) => [request.id, request.creditsUsed])).toEqual([[String(all.data.requestId), 8]]);
  });

  it('answers a bad key on the app’s calls in the envelope, with its own code', async () => {
    const result = await postSearchStream(
      stack.baseUrl,
      { query: 'Hello', models: [{ engine: 'openai', model: 'gpt-4o-mini' }] },
      { path: '/api/compare/stream', headers: { authorization: 'Bearer qrm_not-a-real-key' } },
    );
    expect(result.status).toBe(401);
    expect(result.envelope).toMatchObject({ success: false, error: { code: 'INVALID_API_KEY' } });
  });

  it('answers GET /api/credits with a key for the key’s owner, not for the guest at the caller’s address', async () => {
    const owner = await createPayer(stack.records(), stack.config, 37);
    const key = await createApiKeyFor(stack.baseUrl, owner.cookie);
    const asGuest = await fetch(`${stack.baseUrl}/api/credits`);
    const guest = ((await asGuest.json()) as { data: { user: { id: string | null; tier: string; creditsRemaining: number } } }).data.user;
    expect(guest).toMatchObject({ id: null, tier: 'free', creditsRemaining: 20 });

    const withKey = await fetch(`${stack.baseUrl}/api/credits`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(withKey.status).toBe(200);
    const body = (await withKey.json()) as { success: boolean; data: { user: { id: string | null; tier: string; creditsRemaining: number }; pricing: unknown } };
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({ id: owner.user.id, tier: 'registered', creditsRemaining: 37 });
    expect(body.data.pricing).toBeTruthy();

    // A bad key is refused in the envelope rather than quietly answered for the guest.
    const badKey = await fetch(`${stack.baseUrl}/api/credits`, { headers: { authorization: 'Bearer qrm_not-a-real-key' } });
    expect(badKey.status).toBe(401);
    expect(((await badKey.json()) as { error: { code: string } }).error.code).toBe('INVALID_API_KEY');
  });
});
