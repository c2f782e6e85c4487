import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readEnvelopeError } from './api-envelope.ts';
import { fetchHealth, HEALTH_TIMEOUT_MS, parseHealthResponse } from './health.ts';

const servers: Server[] = [];

/** A real server on a free local port, answering every request with `handle`. */
async function localServer(handle: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handle);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('fetchHealth', () => {
  it('gives up after 30 s by default', () => {
    expect(HEALTH_TIMEOUT_MS).toBe(30_000);
  });

  it('reads the report of a server that answers', async () => {
    const url = await localServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: true, data: { status: 'ok', checks: { postgres: 'up', redis: 'up' }, demoMode: false } }));
    });
    expect(await fetchHealth({ url })).toEqual({ status: 'ok', checks: { postgres: 'up', redis: 'up' }, demoMode: false });
  });

  it('gives up on a server that never answers, as "unknown", once the timeout has passed', async () => {
    const url = await localServer(() => {
      // Takes the request and never answers.
    });
    const started = performance.now();
    expect(await fetchHealth({ url, timeoutMs: 300 })).toBeNull();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(5_000);
  });

  it('gives up on a server that sends its headers and then stalls', async () => {
    const url = await localServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"success": true, "data": {');
    });
    expect(await fetchHealth({ url, timeoutMs: 300 })).toBeNull();
  });
});

describe('parseHealthResponse', () => {
  it('reads a healthy server in demo mode', () => {
    const body = { success: true, data: { status: 'ok', checks: { postgres: 'up', redis: 'up' }, demoMode: true } };
    expect(parseHealthResponse(body)).toEqual({
      status: 'ok',
      checks: { postgres: 'up', redis: 'up' },
      demoMode: true,
    });
  });

  it('still reads the report when the server is degraded', () => {
    const body = {
      success: false,
      data: { status: 'degraded', checks: { postgres: 'down', redis: 'up' }, demoMode: false },
      error: { message: 'Postgres is unreachable', code: 'unhealthy' },
    };
    expect(parseHealthResponse(body)).toMatchObject({ checks: { postgres: 'down', redis: 'up' }, demoMode: false });
  });

  it('gives null for anything that is not a health report', () => {
    expect(parseHealthResponse(null)).toBeNull();
    expect(parseHealthResponse('<html>')).toBeNull();
    expect(parseHealthResponse({ success: true, data: { status: 'ok' } })).toBeNull();
  });
});

describe('readEnvelopeError', () => {
  it('reads the message and code of a failed envelope', () => {
    const body = { success: false, data: null, error: { message: 'Query is required', code: 'validation_error' } };
    expect(readEnvelopeError(body)).toEqual({ message: 'Query is required', code: 'validation_error' });
  });

  it('gives null for successes, blank messages and bodies that are not envelopes', () => {
    expect(readEnvelopeError({ success: true, data: {}, error: null })).toBeNull();
    expect(readEnvelopeError({ success: false, data: null, error: { message: '  ', code: 'x' } })).toBeNull();
    expect(readEnvelopeError({ error: 'nope' })).toBeNull();
    expect(readEnvelopeError(undefined)).toBeNull();
  });
});
