import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../core/logging/create-logger.ts';

describe('request logging', () => {
  it('never writes a guest session id from a URL to the log', () => {
    const serialise = loggerOptions({ logLevel: 'info' }, 'server').serializers!.req as (request: object) => { url: string };
    expect(serialise({ method: 'GET', url: '/api/live?sessionId=7b1e2c&lang=en' }).url).toBe('/api/live?sessionId=[redacted]&lang=en');
    expect(serialise({ method: 'GET', url: '/api/health?x=1&SESSIONID=abc' }).url).toBe('/api/health?x=1&SESSIONID=[redacted]');
    expect(serialise({ method: 'GET', url: '/api/health' }).url).toBe('/api/health');
  });
});
