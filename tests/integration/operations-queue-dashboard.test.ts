import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../support/operator-account.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

const ADMIN = 'ops-admin@example.com';

describe('the queue dashboard', () => {
  let stack: TestStack;
  let adminCookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    // Listed in another case and among blanks: the list is read case-insensitively.
    stack = await startTestStack({ withWorker: false, environment: { QUEUE_DASHBOARD_ADMINS: ` Ops-Admin@Example.com , ,someone-else@example.com` } });
    adminCookie = (await signedInAs(stack.records(), stack.config, ADMIN)).cookie;
    otherCookie = (await signedInAs(stack.records(), stack.config, 'just-a-user@example.com')).cookie;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('is shown to an admin: the page, with a CSP that lets its fonts load, and every queue the app uses', async () => {
    const page = await fetch(`${stack.baseUrl}/admin/queues`, { headers: { cookie: adminCookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain('https://fonts.googleapis.com');
    expect(policy).toContain("frame-ancestors 'none'");

    const queues = await fetch(`${stack.baseUrl}/admin/queues/api/queues`, { headers: { cookie: adminCookie } });
    expect(queues.status).toBe(200);
    const names = ((await queues.json()) as { queues: { name: string }[] }).queues.map((queue) => queue.name).sort();
    expect(names).toEqual(['answers', 'leaderboards', 'tracking']);
  });

  it('keeps the strict CSP everywhere else', async () => {
    const health = await fetch(`${stack.baseUrl}/api/health/live`);
    expect(health.headers.get('content-security-policy')).not.toContain('fonts.googleapis.com');
  });

  it('answers 404 in the envelope to anyone else, as for an address that does not exist', async () => {
    for (const headers of [{ cookie: otherCookie }, {}] as Record<string, string>[]) {
      for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
        const response = await fetch(`${stack.baseUrl}${path}`, { headers });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ success: false, data: null, error: { code: 'NOT_FOUND', message: `No such endpoint: GET ${path}` } });
      }
    }
  });
});

describe('without QUEUE_DASHBOARD_ADMINS', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ withWorker: false });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('is not mounted at all', async () => {
    const { cookie } = await signedInAs(stack.records(), stack.config, 'anyone@example.com');
    const response = await fetch(`${stack.baseUrl}/admin/queues/api/queues`, { headers: { cookie } });
    expect(response.status).toBe(404);
    expect(stack.app.hasRoute({ method: 'GET', url: '/admin/queues/api/queues' })).toBe(false);
  });
});
