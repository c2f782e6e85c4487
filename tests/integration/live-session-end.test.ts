import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CLOSE_CODE } from '../../contract/live-socket.ts';
import { hashPassword } from '../../core/accounts/password-hashing.ts';
import { hashToken } from '../../core/secrets/secret-tokens.ts';
import { AuthClient } from '../support/auth-client.ts';
import { createFundedUser } from '../support/funded-user.ts';
import { LiveTab } from '../support/live-tab.ts';
import { postSearchStream, SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { startSecondServer, type SecondServer } from '../support/second-server.ts';

/**
 * A live socket belongs to the session that opened it: when that session ends (a sign-out, a new password, "sign out
 * every other device", expiry), the socket is closed with 1008 within a second, on every server, and hears nothing
 * more of the account, while the sockets of the account's other sessions carry on. Sessions end in Postgres; the
 * servers learn it over Redis pub/sub. The second server runs without the session cache, so what closes its sockets
 * is not the cache's subscription.
 */
const BOUND_MS = 1_000;
const PASSWORD = 'correct horse battery';

let stack: TestStack;
let second: SecondServer;
let secondUrl: string;

beforeAll(async () => {
  stack = await startTestStack();
  second = await startSecondServer({ ...stack.config, auth: { ...stack.config.auth, sessionCacheMs: 0 } });
  secondUrl = second.url;
});

afterAll(async () => {
  await second?.close();
  await stack?.close();
});

/** A funded person with a real password, signed in on two devices through the first server. */
async function personOnTwoDevices(): Promise<{ laptop: AuthClient; phone: AuthClient }> {
  const label = `Live ${randomUUID()}`;
  await createFundedUser(stack.records(), stack.config, label);
  const [person] = await stack.records().execute<{ email: string }[]>(`update users set password_hash = ? where name = ? returning email`, [await hashPassword(PASSWORD), label]);
  const devices = [new AuthClient(stack.baseUrl), new AuthClient(stack.baseUrl)] as const;
  for (const device of devices) expect((await device.post('login', { email: person!.email, password: PASSWORD })).status).toBe(200);
  return { laptop: devices[0], phone: devices[1] };
}

/**
 * When the tab closes and how: call it before the session is ended, so the time is the close event's. A tab still
 * open after `withinMs` answers code 0, "still open", for the assertion to report.
 */
function closing(tab: LiveTab, withinMs = 3 * BOUND_MS): Promise<{ code: number; reason: string; at: number }> {
  let timer: NodeJS.Timeout | undefined;
  const stillOpen = new Promise<{ code: number; reason: string }>((resolve) => (timer = setTimeout(() => resolve({ code: 0, reason: 'still open' }), withinMs)));
  return Promise.race([tab.closed, stillOpen]).then((closed) => {
    clearTimeout(timer);
    return { ...closed, at: performance.now() };
  });
}

/** A question asked from `device`, answered in full: its account's tabs hear credits_changed and request_finished. */
async function askFrom(device: AuthClient): Promise<string> {
  const answered = await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: 'Who hears this? [[simulate chunks=3]]' }, { headers: { cookie: device.cookie! } });
  return String(answered.events[0]!.data.requestId);
}

/**
 * Opens tabs of the ended device on both servers and one of the device that stays, ends the session with `end`, and
 * checks the ended tabs were closed with 1008 within the bound and heard nothing after, while the other tab still
 * hears the account.
 */
async function expectEndedTabsClosed(ended: AuthClient, staying: AuthClient, end: () => Promise<number>): Promise<void> {
  const endedTabs = [await LiveTab.open(stack.baseUrl, { cookie: ended.cookie }), await LiveTab.open(secondUrl, { cookie: ended.cookie })];
  const stayingTab = await LiveTab.open(secondUrl, { cookie: staying.cookie });
  const closes = endedTabs.map((tab) => closing(tab));

  expect(await end()).toBe(200);
  const endedAt = performance.now();
  const heardBefore = endedTabs.map((tab) => tab.messages.length);
  for (const closed of await Promise.all(closes)) {
    expect({ code: closed.code, reason: closed.reason }).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'Session ended' });
    expect(closed.at - endedAt).toBeLessThan(BOUND_MS);
  }

  // The account goes on being told things: the staying tab hears them, the ended ones nothing.
  const requestId = await askFrom(staying);
  await stayingTab.waitFor((message) => message.type === 'request_finished' && message.requestId === requestId);
  expect(stayingTab.messages.some((message) => message.type === 'credits_changed')).toBe(true);
  endedTabs.forEach((tab, index) => expect(tab.messages.slice(heardBefore[index])).toEqual([]));
  expect(stayingTab.socket.readyState).toBe(WebSocket.OPEN);
  stayingTab.close();
}

describe('GET /api/live: a socket ends with its session', () => {
  it('closes every tab of a session that signs out, on both servers, and no other', async () => {
    const { laptop, phone } = await personOnTwoDevices();
    await expectEndedTabsClosed(laptop, phone, async () => (await laptop.post('logout')).status);
  });

  it('closes the tabs of the sessions a password change signs out', async () => {
    const { laptop, phone } = await personOnTwoDevices();
    await expectEndedTabsClosed(phone, laptop, async () => {
      const response = await fetch(`${stack.baseUrl}/api/account/password`, {
        method: 'POST',
        headers: { cookie: laptop.cookie!, 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'a brand new password' }),
      });
      return response.status;
    });
  });

  it('closes the tabs of the sessions "sign out every other device" ends', async () => {
    const { laptop, phone } = await personOnTwoDevices();
    await expectEndedTabsClosed(phone, laptop, async () => {
      const response = await fetch(`${stack.baseUrl}/api/account/sessions/sign-out-others`, { method: 'POST', headers: { cookie: laptop.cookie! } });
      return response.status;
    });
  });

  it('closes a tab when its session expires', async () => {
    const { laptop } = await personOnTwoDevices();
    const token = laptop.cookie!.split('=')[1]!;
    await stack.records().execute(`update user_sessions set expires_at = now() + interval '2 seconds' where token_hash = ?`, [hashToken(token)]);
    const tab = await LiveTab.open(secondUrl, { cookie: laptop.cookie });
    const closed = await closing(tab, 2_000 + 3 * BOUND_MS);
    expect({ code: closed.code, reason: closed.reason }).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'Session ended' });
    const [row] = await stack.records().execute<{ expired: boolean }[]>(`select expires_at <= now() as expired from user_sessions where token_hash = ?`, [hashToken(token)]);
    expect(row!.expired).toBe(true);
  });
});
