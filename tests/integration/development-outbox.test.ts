import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient } from '../support/auth-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Signing up on a developer's machine with no mail server: the verification mail is kept at `/dev/outbox` with its
 * link ready to click. Only in development; a test or production server has no such page.
 */

let development: TestStack;
let test: TestStack;

beforeAll(async () => {
  [development, test] = await Promise.all([
    startTestStack({ withWorker: false, environment: { NODE_ENV: 'development', SMTP_URL: '', LOG_LEVEL: 'silent' } }),
    startTestStack({ withWorker: false }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([development?.close(), test?.close()]);
});

describe('the development outbox', () => {
  it('shows the verification mail with its link, newest first, and escapes what people typed', async () => {
    const tab = new AuthClient(development.baseUrl);
    const email = `dev-${Date.now()}@example.com`;
    expect((await tab.post('register', { name: '<b>Ada</b>', email, password: 'correct horse battery' })).status).toBe(200);
    const page = await fetch(`${development.baseUrl}/dev/outbox`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(`To ${email}`);
    const link = /<a href="(http[^"]+verify-email\?[^"]+)">/.exec(html)?.[1];
    expect(link).toBeDefined();
    expect(new URL(link!.replaceAll('&#38;', '&')).searchParams.get('email')).toBe(email);
    expect(html).not.toContain('<b>Ada</b>');
  });

  it('does not exist outside development', async () => {
    const page = await fetch(`${test.baseUrl}/dev/outbox`);
    expect(await page.text()).not.toContain('Outbox');
  });
});
