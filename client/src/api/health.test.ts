import { describe, expect, it } from 'vitest';
import { readEnvelopeError } from './api-envelope.ts';
import { parseHealthResponse } from './health.ts';

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
