import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_TEXTS, type SharedRequest, type ShareLink, type ShareList } from '../../contract/shares.ts';
import { PASSPHRASE_TRIES } from '../../server/routes/shares/read-share.ts';
import { createPayer } from '../support/funded-user.ts';
import { THREE_MODELS } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * A shared link's settings, each through the real API and database: an end date (an ended link is gone, and sharing
 * again makes a new one), a passphrase (stored hashed, asked for, counted per link and address), and live versus
 * snapshot (a frozen link keeps showing what it showed, a live one follows the request).
 */

let stack: TestStack;
let clientDirectory: string;

beforeAll(async () => {
  clientDirectory = await mkdtemp(path.join(tmpdir(), 'quorum-share-settings-'));
  await writeFile(path.join(clientDirectory, 'index.html'), '<!doctype html><html><head><title>Quorum</title></head><body></body></html>');
  stack = await startTestStack({ environment: { CLIENT_DIST_DIR: clientDirectory, TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await stack?.close();
  await rm(clientDirectory, { recursive: true, force: true });
});

type Envelope<T> = { success: boolean; data: T; error: { code: string; message: string } | null };

async function api<T>(method: string, pathname: string, cookie = '', body?: unknown, address?: string) {
  const response = await fetch(`${stack.baseUrl}${pathname}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(address ? { 'x-forwarded-for': address } : {}),
      origin: stack.config.server.appUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Envelope<T> };
}

async function sharedComparison(query: string): Promise<{ cookie: string; requestId: string; link: ShareLink }> {
  const owner = await createPayer(stack.records(), stack.config, 100);
  const answered = await api<{ requestId: string }>('POST', '/api/compare', owner.cookie, { query, models: THREE_MODELS });
  expect(answered.status).toBe(200);
  const requestId = answered.body.data.requestId;
  const link = (await api<ShareLink>('POST', '/api/shares', owner.cookie, { requestId })).body.data;
  expect(link).toMatchObject({ expiresAt: null, passphraseProtected: false, mode: 'live' });
  return { cookie: owner.cookie, requestId, link };
}

describe("a shared link's settings", () => {
  it('ends on the day set: gone from the list, 404 saying so, and sharing again makes a new link', async () => {
    const { cookie, requestId, link } = await sharedComparison('How long do shared links last?');
    const before = Date.now();
    const changed = await api<ShareLink>('PATCH', `/api/shares/${link.token}`, cookie, { expiresInDays: 7 });
    expect(changed.status).toBe(200);
    const ends = Date.parse(changed.body.data.expiresAt!);
    expect(ends - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1_000);
    expect(ends - before).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
    expect((await api('GET', `/api/shared/${link.token}`)).status).toBe(200);

    // A week later.
    await stack.records().execute(`update shared_links set expires_at = now() - interval '1 second' where token = ?`, [link.token]);
    const ended = await api('GET', `/api/shared/${link.token}`);
    expect(ended.status).toBe(404);
    expect(ended.body.error).toMatchObject({ code: 'NOT_FOUND', message: SHARE_TEXTS.expired });
    const page = await fetch(`${stack.baseUrl}/share/${link.token}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('How long do shared links last');
    expect((await api<ShareList>('GET', '/api/shares', cookie)).body.data.links).toEqual([]);
    expect((await api('PATCH', `/api/shares/${link.token}`, cookie, { expiresInDays: 'never' })).status).toBe(404);

    const again = (await api<ShareLink>('POST', '/api/shares', cookie, { requestId })).body.data;
    expect(again.token).not.toBe(link.token);
    expect(again.expiresAt).toBeNull();
    expect((await api('GET', `/api/shared/${again.token}`)).status).toBe(200);
  });

  it('asks for the passphrase, keeps only its hash, previews nothing, and counts tries per link and address, saying when to try again', async () => {
    const { cookie, link } = await sharedComparison('Which vault holds the secret recipe?');
    const passphrase = 'correct horse battery';
    const changed = await api<ShareLink>('PATCH', `/api/shares/${link.token}`, cookie, { passphrase });
    expect(changed.body.data.passphraseProtected).toBe(true);
    const [row] = await stack.records().execute<{ passphrase_hash: string }[]>(`select passphrase_hash from shared_links where token = ?`, [link.token]);
    expect(row!.passphrase_hash).toMatch(/^\$argon2id\$/);
    expect(row!.passphrase_hash).not.toContain(passphrase);

    const closed = await api('GET', `/api/shared/${link.token}`);
    expect(closed.status).toBe(403);
    expect(closed.body.error).toMatchObject({ code: 'FORBIDDEN', message: SHARE_TEXTS.protected });
    const page = await fetch(`${stack.baseUrl}/share/${link.token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('secret recipe');

    const wrong = await api('POST', `/api/shared/${link.token}/open`, '', { passphrase: 'wrong horse' }, '198.51.100.7');
    expect(wrong.status).toBe(403);
    expect(wrong.body.error!.message).toBe(SHARE_TEXTS.wrongPassphrase);
    const opened = await api<SharedRequest>('POST', `/api/shared/${link.token}/open`, '', { passphrase }, '198.51.100.7');
    expect(opened.status).toBe(200);
    expect(opened.body.data.query).toBe('Which vault holds the secret recipe?');

    // The tries are counted: past the allowance even the right passphrase waits, at this address only.
    for (let attempt = 2; attempt < PASSPHRASE_TRIES.max; attempt += 1) {
      expect((await api('POST', `/api/shared/${link.token}/open`, '', { passphrase: `guess ${attempt}` }, '198.51.100.7')).status).toBe(403);
    }
    const refused = await api('POST', `/api/shared/${link.token}/open`, '', { passphrase }, '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.body.error!.message).toBe(SHARE_TEXTS.tooManyTries);
    // It says when to try again: the rest of the window that the first try (moments ago) opened, in whole seconds.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(PASSPHRASE_TRIES.windowMs / 1_000 - 120);
    expect(retryAfter).toBeLessThanOrEqual(PASSPHRASE_TRIES.windowMs / 1_000);
    expect((await api('POST', `/api/shared/${link.token}/open`, '', { passphrase }, '203.0.113.9')).status).toBe(200);

    // Removing it opens the link to anyone holding it again.
    await api('PATCH', `/api/shares/${link.token}`, cookie, { removePassphrase: true });
    expect((await api('GET', `/api/shared/${link.token}`)).status).toBe(200);
  });

  it('refuses settings it cannot keep, in the envelope, and settings of a link that is not yours', async () => {
    const { cookie, link } = await sharedComparison('Who may change a link?');
    const stranger = await createPayer(stack.records(), stack.config, 10);
    for (const body of [
      {},
      { expiresInDays: 0 },
      { expiresInDays: 400 },
      { expiresInDays: 1.5 },
      { expiresInDays: null },
      { passphrase: 'short' },
      { passphrase: '' },
      { passphrase: 'long enough', removePassphrase: true },
      { removePassphrase: false },
      { mode: 'frozen' },
      { colour: 'red' },
    ]) {
      const refused = await api('PATCH', `/api/shares/${link.token}`, cookie, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error!.code).toBe('VALIDATION_ERROR');
    }
    expect((await api('PATCH', `/api/shares/${link.token}`, stranger.cookie, { expiresInDays: 1 })).status).toBe(404);
    expect((await api('PATCH', `/api/shares/${link.token}`, '', { expiresInDays: 1 })).status).toBe(401);
    expect((await api('POST', `/api/shared/${link.token}/open`, '', { passphrase: '' })).status).toBe(400);
    // An open link opened with a passphrase simply opens.
    expect((await api('POST', `/api/shared/${link.token}/open`, '', { passphrase: 'anything at all' })).status).toBe(200);
  });

  it('keeps a snapshot as it was when frozen, while a live link follows the request', async () => {
    const { cookie, requestId, link } = await sharedComparison('What changes after sharing?');
    const frozen = await api<ShareLink>('PATCH', `/api/shares/${link.token}`, cookie, { mode: 'snapshot' });
    expect(frozen.body.data.mode).toBe('snapshot');
    const before = (await api<SharedRequest>('GET', `/api/shared/${link.token}`)).body.data;

    // The request's first answer changes afterwards (as a regenerated answer would).
    await stack.records().execute(
      `update model_runs set answer_text = 'A later answer' where id = (select id from model_runs where request_id = ? order by created_at, id limit 1)`,
      [requestId],
    );
    expect((await api<SharedRequest>('GET', `/api/shared/${link.token}`)).body.data).toEqual(before);

    await api('PATCH', `/api/shares/${link.token}`, cookie, { mode: 'live' });
    const live = (await api<SharedRequest>('GET', `/api/shared/${link.token}`)).body.data;
    expect(live.answers.map((answer) => answer.response)).toContain('A later answer');
  });
});

describe('a link made with its settings', () => {
  async function finishedComparison(query: string): Promise<{ cookie: string; requestId: string }> {
    const owner = await createPayer(stack.records(), stack.config, 100);
    const answered = await api<{ requestId: string }>('POST', '/api/compare', owner.cookie, { query, models: THREE_MODELS });
    expect(answered.status).toBe(200);
    return { cookie: owner.cookie, requestId: answered.body.data.requestId };
  }

  it('is made with its end and passphrase at once, never public without them', async () => {
    const { cookie, requestId } = await finishedComparison('Shared with an end and a passphrase');
    const before = Date.now();
    const made = await api<ShareLink>('POST', '/api/shares', cookie, { requestId, expiresInDays: 30, passphrase: 'harbour lights' });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ passphraseProtected: true, mode: 'live' });
    expect(Date.parse(made.body.data.expiresAt!) - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1_000);
    expect(Date.parse(made.body.data.expiresAt!) - before).toBeLessThanOrEqual(30 * 86_400_000 + 60_000);
    const [stored] = await stack.records().execute<{ passphrase_hash: string }[]>(`select passphrase_hash from shared_links where token = ?`, [made.body.data.token]);
    expect(stored!.passphrase_hash).toMatch(/^\$argon2id\$/);
    expect((await api('GET', `/api/shared/${made.body.data.token}`)).body.error).toMatchObject({ code: 'FORBIDDEN', message: SHARE_TEXTS.protected });
    expect((await api('POST', `/api/shared/${made.body.data.token}/open`, '', { passphrase: 'harbour lights' })).status).toBe(200);

    // Shared again with other settings: the same link, changed.
    const again = await api<ShareLink>('POST', '/api/shares', cookie, { requestId, expiresInDays: 'never' });
    expect(again.body.data).toMatchObject({ token: made.body.data.token, expiresAt: null, passphraseProtected: true });
    // Without settings: the same link as it is.
    expect((await api<ShareLink>('POST', '/api/shares', cookie, { requestId })).body.data).toMatchObject({ token: made.body.data.token, expiresAt: null });
  });

  it('refuses an end or passphrase it cannot keep, in the envelope, and makes no link', async () => {
    const { cookie, requestId } = await finishedComparison('Shared with impossible settings');
    for (const settings of [{ expiresInDays: 0 }, { expiresInDays: 366 }, { expiresInDays: 'soon' }, { passphrase: 'short' }, { expiresInDays: null }]) {
      const refused = await api('POST', '/api/shares', cookie, { requestId, ...settings });
      expect(refused.status, JSON.stringify(settings)).toBe(400);
      expect(refused.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
    expect((await api<ShareList>('GET', '/api/shares', cookie)).body.data.links).toEqual([]);
  });
});
