import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { credentialFrom, GOOGLE_SIGN_IN_TEXTS, GoogleSignInError, readGoogleIdApi, waitForValue } from './google-sign-in.ts';

describe('readGoogleIdApi', () => {
  const api = { initialize: () => {}, renderButton: () => {} };

  it('finds google.accounts.id once the script has defined it', () => {
    expect(readGoogleIdApi({ google: { accounts: { id: api } } })).toBe(api);
  });

  it('sees nothing before then, or when the API is not what it should be', () => {
    expect(readGoogleIdApi({})).toBeNull();
    expect(readGoogleIdApi(undefined)).toBeNull();
    expect(readGoogleIdApi({ google: {} })).toBeNull();
    expect(readGoogleIdApi({ google: { accounts: { id: { initialize: () => {} } } } })).toBeNull();
  });
});

describe('credentialFrom', () => {
  it('returns the ID token', () => {
    expect(credentialFrom({ credential: 'eyJ.a.b', select_by: 'btn' })).toBe('eyJ.a.b');
  });

  it.each([undefined, null, {}, { credential: '' }, { credential: 42 }])('refuses %j with the product text', (response) => {
    expect(() => credentialFrom(response)).toThrow(new GoogleSignInError(GOOGLE_SIGN_IN_TEXTS.noCredential));
    expect(() => credentialFrom(response)).toThrow('No credential received from Google');
  });
});

describe('waitForValue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves as soon as the probe finds something', async () => {
    let value: string | null = null;
    const waiting = waitForValue(() => value, { timeoutMs: 10_000, intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(2_000);
    value = 'ready';
    await vi.advanceTimersByTimeAsync(100);
    await expect(waiting).resolves.toBe('ready');
  });

  it('gives up after the timeout with "Google Sign-In failed to load"', async () => {
    const waiting = waitForValue(() => null, { timeoutMs: 10_000, intervalMs: 100 });
    const outcome = expect(waiting).rejects.toThrow('Google Sign-In failed to load');
    await vi.advanceTimersByTimeAsync(9_800);
    let settled = false;
    void waiting.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    await outcome;
  });

  it('stops when aborted, with the abort reason', async () => {
    const controller = new AbortController();
    const waiting = waitForValue(() => null, { timeoutMs: 10_000, signal: controller.signal });
    const outcome = expect(waiting).rejects.toThrow(GOOGLE_SIGN_IN_TEXTS.unavailable);
    controller.abort(new GoogleSignInError(GOOGLE_SIGN_IN_TEXTS.unavailable));
    await outcome;
  });
});
