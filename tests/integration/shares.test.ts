import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_LIMITS } from '../../contract/limits.ts';
import type { SharedRequest, ShareLink, ShareList } from '../../contract/shares.ts';
import { createPayer } from '../support/funded-user.ts';
import { THREE_MODELS } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;
let clientDirectory: string;

/** A stand-in for the built client: the share page only needs its index.html to put the preview tags in. */
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Generic" />
<meta property="og:type" content="website" /><meta property="og:title" content="Generic title" /><meta property="og:description" content="Generic" />
<meta property="og:image" content="/og-image.png" /><meta name="twitter:card" content="summary_large_image" /><title>Quorum</title></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  clientDirectory = await mkdtemp(path.join(tmpdir(), 'quorum-share-client-'));
  await writeFile(path.join(clientDirectory, 'index.html'), INDEX_HTML);
  stack = await startTestStack({ environment: { CLIENT_DIST_DIR: clientDirectory } });
});

afterAll(async () => {
  await stack?.close();
  await rm(clientDirectory, { recursive: true, force: true });
});

async function api<T>(method: string, pathname: string, cookie = '', body?: unknown) {
  const response = await fetch(`${stack.baseUrl}${pathname}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), origin: stack.config.server.appUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as { success: boolean; data: T; error: { code: string; message: string } | null } };
}

async function finishedComparison(cookie: string, query: string): Promise<string> {
  const answer = await api<{ requestId: string }>('POST', '/api/compare', cookie, { query, models: THREE_MODELS, brandMonitoringEnabled: true, brandConfig: { brandName: 'Zentrovia' } });
  expect(answer.status).toBe(200);
  return answer.body.data.requestId;
}

describe('shared links', () => {
  it("renders the share page's head from the share alone: replacement patterns in the question stay text, each tag once, the picture absolute", async () => {
    const owner = await createPayer(stack.records(), stack.config, 100);
    const query = "Costs $& and $` and $' and $$ </title><script>alert(1)</script>";
    const requestId = await finishedComparison(owner.cookie, query);
    const { token } = (await api<ShareLink>('POST', '/api/shares', owner.cookie, { requestId })).body.data;
    const html = await (await fetch(`${stack.baseUrl}/share/${token}`)).text();
    const count = (pattern: RegExp) => (html.match(pattern) ?? []).length;
    expect(count(/<head>/g)).toBe(1);
    expect(count(/<\/head>/g)).toBe(1);
    expect(count(/<title>/g)).toBe(1);
    expect(count(/<script>/g)).toBe(0);
    for (const key of ['og:title', 'og:description', 'og:image', 'og:type', 'og:url']) expect(count(new RegExp(`property="${key}"`, 'g'))).toBe(1);
    for (const key of ['twitter:card', 'twitter:title', 'description', 'robots']) expect(count(new RegExp(`name="${key}"`, 'g'))).toBe(1);
    const escaped = 'Costs $&#38; and $` and $&#39; and $$ &#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; · Quorum';
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain(`<meta property="og:type" content="article" />`);
    // The picture is drawn for this link.
    expect(html).toContain(`<meta property="og:image" content="${new URL(`/api/shared/${token}/preview.png`, stack.config.server.appUrl).toString()}" />`);
    expect(html).not.toContain('Generic');
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });

  it('shows the question and answers with models and timings to anyone holding the link, and nothing about the owner', async () => {
    const owner = await createPayer(stack.records(), stack.config, 100);
    const requestId = await finishedComparison(owner.cookie, 'Which <b>database</b> suits "small" teams?');
    const created = await api<ShareLink>('POST', '/api/shares', owner.cookie, { requestId });
    expect(created.status).toBe(200);
    const { token, url } = created.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(`${stack.config.server.appUrl}/share/${token}`);
    // Sharing again gives the same live link.
    expect((await api<ShareLink>('POST', '/api/shares', owner.cookie, { requestId })).body.data.token).toBe(token);

    const shared = await api<SharedRequest>('GET', `/api/shared/${token}`);
    expect(shared.status).toBe(200);
    expect(shared.body.data.query).toBe('Which <b>database</b> suits "small" teams?');
    expect(shared.body.data.answers.map((answer) => answer.modelName)).toEqual(['GPT-4o mini', 'DeepSeek Chat', 'Llama 3.1 8B Instant'].map((name) => expect.stringContaining(name.split(' ')[0]!)));
    for (const answer of shared.body.data.answers) {
      expect(answer.success).toBe(true);
      expect(answer.durationMs).not.toBeNull();
      expect(answer.response).toContain(answer.model);
    }
    // Nothing about who asked: no account, email, credits, brand settings or ids.
    const [user] = await stack.records().execute<{ id: string; email: string; name: string }[]>(`select id, email, name from users where id = ?`, [owner.user.id]);
    const text = JSON.stringify(shared.body);
    for (const secret of [user!.id, user!.email, requestId, 'Zentrovia', 'creditsUsed', 'brand', 'runId']) expect(text).not.toContain(secret);

    // The page people open carries link-preview tags, escaped, and the owner's details nowhere.
    const page = await fetch(`${stack.baseUrl}/share/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<meta property="og:title" content="Which &#60;b&#62;database&#60;/b&#62; suits &#34;small&#34; teams? · Quorum" />');
    expect(html).toMatch(/<meta property="og:description" content="Answered by [^"]*GPT-4o mini/);
    expect(html).toContain(`<meta property="og:url" content="${url}" />`);
    expect(html).not.toContain('content="Generic"');
    for (const secret of [user!.email, requestId, 'Zentrovia']) expect(html).not.toContain(secret);

    const listed = await api<ShareList>('GET', '/api/shares', owner.cookie);
    expect(listed.body.data.links).toEqual([expect.objectContaining({ token, requestId, kind: 'comparison', url })]);
  });

  it('draws a preview picture for each link, and none for a protected, revoked or unknown one', async () => {
    const owner = await createPayer(stack.records(), stack.config, 100);
    const picture = async (token: string) => {
      const response = await fetch(`${stack.baseUrl}/api/shared/${token}/preview.png`);
      return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const tides = (await api<ShareLink>('POST', '/api/shares', owner.cookie, { requestId: await finishedComparison(owner.cookie, 'How do tides work?') })).body.data.token;
    const stars = (await api<ShareLink>('POST', '/api/shares', owner.cookie, { requestId: await finishedComparison(owner.cookie, 'Why do stars twinkle?') })).body.data.token;
    const first = await picture(tides);
    expect(first.status).toBe(200);
    expect(first.type).toBe('image/png');
    expect(first.cache).toBe('private, no-cache');
    // A PNG whose header says 1200 × 630.
    expect(first.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect([first.bytes.readUInt32BE(16), first.bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    // Each link's own picture: another question draws another; the same link draws the same again.
    expect((await picture(stars)).bytes.equals(first.bytes)).toBe(false);
    expect((await picture(tides)).bytes.equals(first.bytes)).toBe(true);

    // A passphrase guards the picture too; revoked and unknown links draw nothing.
    expect((await api('PATCH', `/api/shares/${stars}`, owner.cookie, { passphrase: 'orion belt 42' })).status).toBe(200);
    const guarded = await picture(stars);
    expect(guarded.status).toBe(403);
    expect(guarded.type).toContain('application/json');
    expect((await api('DELETE', `/api/shares/${tides}`, owner.cookie)).status).toBe(200);
    expect((await picture(tides)).status).toBe(404);
    expect((await picture('not-a-token')).status).toBe(404);
  });

  it('lets only the owner make, list and revoke links; a revoked link is 404 everywhere at once', async () => {
    const owner = await createPayer(stack.records(), stack.config, 100);
    const stranger = await createPayer(stack.records(), stack.config, 100);
    const requestId = await finishedComparison(owner.cookie, 'How do tides work?');
    expect((await api('POST', '/api/shares', stranger.cookie, { requestId })).status).toBe(404);
    expect((await api('POST', '/api/shares', '', { requestId })).status).toBe(401);
    const { token } = (await api<ShareLink>('POST', '/api/shares', owner.cookie, { requestId })).body.data;

    expect((await api<ShareList>('GET', '/api/shares', stranger.cookie)).body.data.links).toEqual([]);
    expect((await api('DELETE', `/api/shares/${token}`, stranger.cookie)).status).toBe(404);
    expect((await api('GET', `/api/shared/${token}`)).status).toBe(200);

    const revoked = await api('DELETE', `/api/shares/${token}`, owner.cookie);
    expect(revoked.status).toBe(200);
    const gone = await api('GET', `/api/shared/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error!.code).toBe('NOT_FOUND');
    const page = await fetch(`${stack.baseUrl}/share/${token}`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).not.toContain('og:title');
    expect(html).not.toContain('How do tides work');
    expect((await api('DELETE', `/api/shares/${token}`, owner.cookie)).status).toBe(404);
    expect((await api<ShareList>('GET', '/api/shares', owner.cookie)).body.data.links).toEqual([]);
    // A new link after revoking is a new token.
    const again = (await api<ShareLink>('POST', '/api/shares', owner.cookie, { requestId })).body.data.token;
    expect(again).not.toBe(token);
    expect((await api('GET', `/api/shared/not-a-token`)).status).toBe(404);
  });

  it('shares an arena round only after its vote', async () => {
    const player = await createPayer(stack.records(), stack.config, 100);
    const response = await fetch(`${stack.baseUrl}/api/arena/stream`, {
      method: 'POST',
      headers: { cookie: player.cookie, origin: stack.config.server.appUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Explain a hash map', category: 'coding', models: THREE_MODELS.slice(0, 2) }),
    });
    const stream = await response.text();
    const requestId = /"requestId":"([0-9a-f-]{36})"/.exec(stream)![1]!;
    const early = await api('POST', '/api/shares', player.cookie, { requestId });
    expect(early.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Vote on the arena round before sharing it.' });
    expect((await api('POST', `/api/arena/${requestId}/vote`, player.cookie, { verdict: 'all_bad' })).status).toBe(200);
    const { token } = (await api<ShareLink>('POST', '/api/shares', player.cookie, { requestId })).body.data;
    const shared = await api<SharedRequest>('GET', `/api/shared/${token}`);
    expect(shared.body.data).toMatchObject({ kind: 'arena' });
    expect(shared.body.data.answers.map((answer) => answer.engine).sort()).toEqual(['deepseek', 'openai']);
  });

  it('limits how fast one address opens shared links', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < SHARE_LIMITS.viewsPerMinutePerAddress + 2; call += 1) {
      statuses.push((await fetch(`${stack.baseUrl}/api/shared/${'a'.repeat(32)}`)).status);
    }
    const refused = statuses.indexOf(429);
    // The earlier tests opened a few links from this address within the minute too.
    expect(refused).toBeGreaterThan(SHARE_LIMITS.viewsPerMinutePerAddress - 20);
    expect(refused).toBeLessThanOrEqual(SHARE_LIMITS.viewsPerMinutePerAddress);
    expect(statuses.slice(0, refused).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
