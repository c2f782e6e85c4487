import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_SUBJECTS } from '../../contract/support.ts';
import { SupportRequest } from '../../core/database/entities/support-request.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { User } from '../../core/database/entities/user.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/** What a hostile or broken caller sends, answered as a refusal in the envelope, never as a 500. */
describe('input the server refuses cleanly', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ withWorker: false });
  });

  afterAll(async () => {
    await stack?.close();
  });

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, envelope: (await response.json()) as { success: boolean; data: unknown; error: { code: string; message: string } | null } };
  }

  it.each([
    ['a question', '/api/search/stream', { query: 'Hello\u0000', model: 'openai', specificModel: 'gpt-4o-mini' }, 'query'],
    ['a comparison question', '/api/compare/stream', { query: 'Hi \uD800 there', models: [{ engine: 'openai', model: 'gpt-4o-mini' }] }, 'query'],
    ['a brand', '/api/search/stream', { query: 'Fine', model: 'openai', specificModel: 'gpt-4o-mini', brandMonitoring: { enabled: true, brandName: 'Acme\uDC00' } }, 'brandMonitoring'],
    ['a name', '/api/auth?action=register', { name: 'Ann\u0000', email: 'ann@example.com', password: 'long enough 1' }, 'name'],
    ['an email', '/api/auth?action=login', { email: 'ann\u0000@example.com', password: 'whatever' }, 'email'],
  ])('refuses NUL or a lone surrogate in %s with a 400 naming the field', async (_what, path, body, field) => {
    const answer = await call('POST', path, body, { cookie: stack.fundedCookie });
    expect(answer.status).toBe(400);
    expect(answer.envelope).toEqual({
      success: false,
      data: null,
      error: { code: 'VALIDATION_ERROR', message: `${field} contains a character that is not allowed (NUL or an unpaired surrogate).` },
    });
    expect(await stack.records().count(SearchRequest, {})).toBe(0);
    expect(await stack.records().count(User, { email: 'ann@example.com' })).toBe(0);
  });

  it('keeps newlines, tabs and emoji', async () => {
    const description = 'First line\n\tindented \u{1F680} and more words to be long enough';
    const answer = await call('POST', '/api/support', { email: 'ann@example.com', name: 'Ann', subject: SUPPORT_SUBJECTS[0], title: 'Tabs\tand emoji \u{1F600}', description });
    expect(answer.status).toBe(200);
    expect((await stack.records().find(SupportRequest, {}))[0]?.description).toBe(description);
  });

  it.each(['constructor', '__proto__', 'valueOf', 'toString', 'hasOwnProperty'])('answers ?action=%s as an unknown action', async (action) => {
    for (const method of ['GET', 'POST']) {
      const answer = await call(method, `/api/auth?action=${action}`, method === 'POST' ? {} : undefined);
      expect(answer.status).toBe(400);
      expect(answer.envelope.error).toEqual({ code: 'VALIDATION_ERROR', message: `Unknown auth action "${action}"` });
    }
  });

  it.each([
    ['badly encoded', '/api/requests/%E0%A4%A/events', 'The address is not valid (bad percent-encoding).'],
    ['over-long', `/api/requests/${'a'.repeat(300)}`, 'A part of the address is too long.'],
  ])('answers a %s path parameter in the envelope, with the security headers and a request id', async (_what, path, message) => {
    const answer = await call('GET', path);
    expect(answer.status).toBe(400);
    expect(answer.envelope).toEqual({ success: false, data: null, error: { code: 'VALIDATION_ERROR', message } });
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('says Google sign-in is not available (404, not retryable) when the server has no Google client id', async () => {
    const answer = await call('POST', '/api/auth?action=google', { token: 'anything' });
    expect(answer.status).toBe(404);
    expect(answer.envelope.error).toEqual({ code: 'NOT_AVAILABLE', message: 'Google Sign-In is not available on this server.' });
  });
});
