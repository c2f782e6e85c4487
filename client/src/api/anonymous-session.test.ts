import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ANONYMOUS_SESSION_STORAGE_KEY, quorumFetch, rememberAnonymousSession, withAnonymousSession } from './anonymous-session.ts';
import { onSessionExpired } from './session-expiry.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('anonymous session id', () => {
  it('stores the id a response carries and sends it on the next request', () => {
    const storage = memoryStorage();
    expect(withAnonymousSession({ accept: 'application/json' }, storage).has('x-session-id')).toBe(false);
    rememberAnonymousSession({ status: 200, headers: new Headers({ 'x-session-id': 'abc' }) }, storage);
    const headers = withAnonymousSession({ accept: 'application/json' }, storage);
    expect(headers.get('x-session-id')).toBe('abc');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('forgets it on a 401', () => {
    const storage = memoryStorage();
    storage.setItem(ANONYMOUS_SESSION_STORAGE_KEY, 'abc');
    rememberAnonymousSession({ status: 401, headers: new Headers({ 'x-session-id': 'new' }) }, storage);
    expect(storage.getItem(ANONYMOUS_SESSION_STORAGE_KEY)).toBeNull();
  });

  it('works without storage', () => {
    expect(withAnonymousSession(undefined, undefined).has('x-session-id')).toBe(false);
    expect(() => rememberAnonymousSession({ status: 200, headers: new Headers() }, undefined)).not.toThrow();
  });
});

describe('quorumFetch', () => {
  const servers: Server[] = [];

  async function answering(status: number): Promise<string> {
    const server = createServer((_request, response) => {
      response.statusCode = status;
      response.end('{}');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/credits`;
  }

  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });

  it('announces an ended session when a call is answered 401, and only then', async () => {
    const heard: (string | null)[] = [];
    const stop = onSessionExpired((userId) => heard.push(userId));
    try {
      await quorumFetch(await answering(200));
      expect(heard).toEqual([]);
      const response = await quorumFetch(await answering(401));
      expect(response.status).toBe(401);
      expect(heard).toEqual([null]);
    } finally {
      stop();
    }
    await quorumFetch(await answering(401));
    expect(heard).toHaveLength(1);
  });
});
