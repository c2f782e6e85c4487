import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedUser } from '../support/funded-user.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { startSecondServer, type SecondServer } from '../support/second-server.ts';

/**
 * Servers remember sessions instead of asking Postgres on every request, so a sign-out on one server must reach
 * the others' memory: over Redis pub/sub, within a second.
 */
const BOUND_MS = 1_000;

let stack: TestStack;
let second: SecondServer;
let secondUrl: string;

beforeAll(async () => {
  stack = await startTestStack({ withWorker: false });
  second = await startSecondServer(stack.config);
  secondUrl = second.url;
});

afterAll(async () => {
  await second?.close();
  await stack?.close();
});

async function signedIn(baseUrl: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/auth?action=session`, { headers: { cookie } });
  const body = (await response.json()) as { data: { authenticated: boolean } };
  return body.data.authenticated;
}

async function post(baseUrl: string, action: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/auth?action=${action}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: baseUrl },
    body: '{}',
  });
  return response.status;
}

/** Milliseconds until `secondUrl` no longer knows the cookie, polling every 10 ms; fails past twice the bound. */
async function timeUntilSignedOut(cookie: string): Promise<number> {
  const startedAt = performance.now();
  while (performance.now() - startedAt < BOUND_MS * 2) {
    if (!(await signedIn(secondUrl, cookie))) return performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the second server still knows the session');
}

describe('the session cache across servers', () => {
  it('answers from memory: a session removed behind its back is still known until it is told', async () => {
    const cookie = await createFundedUser(stack.records(), stack.config, 'Cached Person');
    expect(await signedIn(secondUrl, cookie)).toBe(true);
    // Removed in Postgres without telling anyone: the server that remembers it still knows the person.
    await stack.records().getConnection().execute(`delete from user_sessions`);
    expect(await signedIn(secondUrl, cookie)).toBe(true);
    // Until a server (any) announces that the user's sessions are gone.
    const userId = (await stack.records().getConnection().execute<{ id: string }[]>(`select id from users where name = 'Cached Person'`))[0]!.id;
    await stack.app.sessions.forgetEverywhere({ userId });
    await expect(timeUntilSignedOut(cookie)).resolves.toBeLessThan(BOUND_MS);
  });

  it('a sign-out on one server reaches the other within a second', async () => {
    const cookie = await createFundedUser(stack.records(), stack.config, 'Leaving Person');
    expect(await signedIn(stack.baseUrl, cookie)).toBe(true);
    expect(await signedIn(secondUrl, cookie)).toBe(true);
    expect(await post(stack.baseUrl, 'logout', cookie)).toBe(200);
    await expect(timeUntilSignedOut(cookie)).resolves.toBeLessThan(BOUND_MS);
  });

  it('a deleted account is signed out on the other server within a second', async () => {
    const cookie = await createFundedUser(stack.records(), stack.config, 'Deleted Person');
    expect(await signedIn(secondUrl, cookie)).toBe(true);
    expect(await post(stack.baseUrl, 'delete-account', cookie)).toBe(200);
    await expect(timeUntilSignedOut(cookie)).resolves.toBeLessThan(BOUND_MS);
    // And what the other server answers a signed-in route with is the usual 401.
    const sessions = await fetch(`${secondUrl}/api/account/sessions`, { headers: { cookie } });
    expect(sessions.status).toBe(401);
  });
});
