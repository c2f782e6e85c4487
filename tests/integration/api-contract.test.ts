import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/** The calls the product makes, as method and path; every one must be in the reference. */
const PRODUCT_CALLS = [
  'GET /api/auth',
  'POST /api/auth',
  'POST /api/search/stream',
  'POST /api/search',
  'POST /api/compare/stream',
  'POST /api/compare',
  'GET /api/models',
  'GET /api/site',
  'GET /api/credits',
  'GET /api/health',
  'GET /api/user-requests',
  'GET /api/brand-config/mentions',
  'GET /api/brand-config/mentions.csv',
  'GET /api/brand-config/analytics',
  'GET /api/brand-config/recent',
  'GET /api/requests/{id}/events',
  'POST /api/requests/{id}/cancel',
  'GET /api/requests/{id}/thread',
  'GET /api/live',
  'POST /api/support',
  'POST /api/api-keys',
  'GET /api/api-keys',
  'DELETE /api/api-keys/{id}',
  'GET /v1/models',
  'POST /v1/chat/completions',
  'POST /v1/compare',
  'GET /v1/compare/{id}',
  'POST /v1/compare/{id}/rerun',
  'GET /api/payments',
  'POST /api/payments',
  'PUT /api/payments',
  'POST /api/payments/webhook',
  'POST /api/arena/stream',
  'GET /api/arena/{id}',
  'POST /api/arena/{id}/vote',
  'GET /api/leaderboard',
  'GET /api/leaderboard/mine',
  'POST /api/shares',
  'GET /api/shares',
  'DELETE /api/shares/{token}',
  'GET /api/shared/{token}',
  'PATCH /api/shares/{token}',
  'POST /api/shared/{token}/open',
  'GET /api/requests/{id}/export',
  'GET /api/user-requests/export.csv',
  'POST /api/requests/{id}/judge',
  'GET /api/judge/prompts',
  'PUT /api/judge/prompts/{mode}',
  'DELETE /api/judge/prompts/{mode}',
  'POST /api/tracking/cost-preview',
  'GET /api/tracking/sets',
  'POST /api/tracking/sets',
  'GET /api/tracking/sets/{id}',
  'PATCH /api/tracking/sets/{id}',
  'DELETE /api/tracking/sets/{id}',
  'GET /api/tracking/sets/{id}/dashboard',
  'GET /api/tracking/sets/{id}/runs',
  'GET /api/tracking/sets/{id}/results',
  'GET /api/tracking/sets/{id}/results.csv',
  'GET /api/tracking/sets/{id}/reanalyse',
  'POST /api/tracking/sets/{id}/reanalyse',
  'GET /api/account/sessions',
  'POST /api/account/sessions/sign-out-others',
  'PATCH /api/account/profile',
  'POST /api/account/email',
  'POST /api/account/email/confirm',
  'POST /api/account/password',
];

describe('the API contract', () => {
  let stack: TestStack;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ withWorker: false, onRoute: (route) => routes.push(route) });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('gives every API route a response schema', () => {
    const apiRoutes = routes.filter(
      (route) => (route.url.startsWith('/api/') || route.url.startsWith('/v1/')) && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
    );
    expect(apiRoutes.length).toBeGreaterThanOrEqual(PRODUCT_CALLS.length);
    const described = (route: RouteOptions) => {
      const schema = route.schema as { response?: Record<string, unknown> } | undefined;
      return Object.keys(schema?.response ?? {}).some((status) => /^(1|2)\d\d$/.test(status));
    };
    const undescribed = apiRoutes.filter((route) => !described(route)).map((route) => `${String(route.method)} ${route.url}`);
    expect(undescribed).toEqual([]);
  });

  it('serves an OpenAPI 3.1 document that a validator accepts and that lists every call', async () => {
    const response = await fetch(`${stack.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');

    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    const listed = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    for (const call of PRODUCT_CALLS) expect(listed).toContain(call);

    // Tracking's paired alert figures and how each reading was taken are part of the reference, not only of the server.
    const text = JSON.stringify(document.paths['/api/tracking/sets/{id}/dashboard']);
    for (const field of ['paired', 'lost', 'gained', 'settingChanges', 'analyserChanges']) expect(text).toContain(`"${field}"`);
    const results = JSON.stringify(document.paths['/api/tracking/sets/{id}/results']);
    for (const field of ['temperature', 'webSearch', 'analyserVersion', 'reanalysedAt']) expect(results).toContain(`"${field}"`);
  });

  it('describes the errors of a call in the envelope, and the event stream frames by name', async () => {
    const document = (await (await fetch(`${stack.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
    };
    const compare = document.paths['/api/compare/stream']!.post!;
    expect(Object.keys(compare.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '403', '429', '500', '503']));
    const refusal = JSON.stringify(compare.responses['402']!.content!['application/json']!.schema);
    expect(refusal).toContain('INSUFFICIENT_CREDITS');
    const frames = JSON.stringify(compare.responses['200']!.content!['text/event-stream']!.schema);
    for (const name of ['model_start', 'model_chunk', 'model_sources', 'model_complete', 'all_complete', 'error']) expect(frames).toContain(`"${name}"`);
    const search = JSON.stringify(document.paths['/api/search/stream']!.post!.responses['200']!.content!['text/event-stream']!.schema);
    for (const name of ['start', 'chunk', 'sources', 'end', 'error']) expect(search).toContain(`"${name}"`);
  });

  it('documents API keys as a way to call the comparison stream, and the OpenAI-compatible calls in their own error format', async () => {
    const document = (await (await fetch(`${stack.baseUrl}/api/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/compare/stream']!.post!.security).toContainEqual({ apiKey: [] });
    const chat = document.paths['/v1/chat/completions']!.post!;
    expect(chat.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(chat.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '404', '429']));
    expect(JSON.stringify(chat.responses['401']!.content!['application/json']!.schema)).toContain('"param"');
    expect(Object.keys(chat.responses['200']!.content!)).toEqual(expect.arrayContaining(['application/json', 'text/event-stream']));
    const compare = document.paths['/v1/compare']!.post!;
    expect(compare.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(compare.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '403', '404', '429']));
    const events = JSON.stringify(compare.responses['200']!.content!['text/event-stream']!.schema);
    for (const name of ['start', 'delta', 'model_done', 'done', 'error']) expect(events).toContain(`"${name}"`);
  });

  it('serves the interactive reference', async () => {
    const response = await fetch(`${stack.baseUrl}/api/docs/`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('swagger');
  });
});
