import { describe, expect, it } from 'vitest';
import { ANONYMOUS_SESSION_STORAGE_KEY, rememberAnonymousSession, withAnonymousSession } from './anonymous-session.ts';

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
