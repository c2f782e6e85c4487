import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../server/errors/error-handler.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

describe('serving the client', () => {
  let stack: TestStack;
  let clientDirectory: string;

  beforeAll(async () => {
    // A stand-in build, so this test does not depend on `vite build` having run.
    clientDirectory = mkdtempSync(path.join(tmpdir(), 'quorum-client-'));
    writeFileSync(path.join(clientDirectory, 'index.html'), '<!doctype html><title>Quorum test page</title>');
    mkdirSync(path.join(clientDirectory, 'assets'));
    writeFileSync(path.join(clientDirectory, 'assets', 'app-1234.js'), 'console.log("hi")');
    stack = await startTestStack({ withWorker: false, environment: { CLIENT_DIST_DIR: clientDirectory } });
  });

  afterAll(async () => {
    await stack?.close();
    rmSync(clientDirectory, { recursive: true, force: true });
  });

  it('serves index.html at / with a strict content security policy and no caching', async () => {
    const response = await fetch(`${stack.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Quorum test page');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // Google sign-in is not configured here: nothing of Google's may load, and the page is told not to offer it.
    expect(policy).not.toContain('google');
    const session = await fetch(`${stack.baseUrl}/api/auth?action=session`);
    expect((await session.json()).data).toEqual({ authenticated: false, user: null, session: null, googleClientId: null });
  });

  it('serves hashed assets as immutable', async () => {
    const response = await fetch(`${stack.baseUrl}/assets/app-1234.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('answers client-side routes with the app, but unknown API paths with a 404 envelope', async () => {
    const page = await fetch(`${stack.baseUrl}/pricing`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Quorum test page');
    const shared = await fetch(`${stack.baseUrl}/verify-email?token=x&email=y`);
    expect(shared.status).toBe(200);
    // An address that is no page gets the app (which draws its not-found page) under HTTP 404.
    for (const unknown of ['/no-such-page', '/pricing/extra', '/share']) {
      const missing = await fetch(`${stack.baseUrl}${unknown}`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toContain('text/html');
      expect(await missing.text()).toContain('Quorum test page');
    }
    const api = await fetch(`${stack.baseUrl}/api/pricing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, data: null, error: { code: 'NOT_FOUND', message: 'No such endpoint: GET /api/pricing' } });
  });

  it('gives every response a request id', async () => {
    const first = await fetch(`${stack.baseUrl}/api/health`);
    const second = await fetch(`${stack.baseUrl}/api/health`);
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it('reports health with the demo mode flag', async () => {
    const response = await fetch(`${stack.baseUrl}/api/health`);
    expect(await response.json()).toEqual({
      success: true,
      data: { status: 'ok', checks: { postgres: 'up', redis: 'up' }, demoMode: false },
      error: null,
    });
  });
});

describe('the error handler', () => {
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    installErrorHandler(app);
    app.get('/explode', async () => {
      throw new Error('password=hunter2 at db-internal-7:5432');
    });
    await app.ready();
  });

  afterAll(() => app.close());

  it('masks unexpected errors as the product’s generic 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      error: { code: 'SERVER_ERROR', message: 'Server error. Please try again later.' },
    });
    expect(response.body).not.toContain('hunter2');
  });
});
