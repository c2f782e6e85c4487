import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { EmailVerificationToken } from '../../core/database/entities/email-verification-token.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { UserSession } from '../../core/database/entities/user-session.ts';
import { User } from '../../core/database/entities/user.ts';
import { hashToken, keyedDigest } from '../../core/secrets/secret-tokens.ts';
import { AuthClient } from '../support/auth-client.ts';
import type { GoogleIssuer } from '../support/google-issuer.ts';
import { verificationLinkIn, type MailCatcher } from '../support/mail-catcher.ts';
import { startAccountStack, type AccountStack } from '../support/account-stack.ts';
import type { TestStack } from '../support/test-stack.ts';

let stack: TestStack;
let mail: MailCatcher;
let google: GoogleIssuer;
let redis: Redis;

let accounts: AccountStack;

beforeAll(async () => {
  // These tests change sessions straight in Postgres and expect the very next request to see it: no session cache
  // (what it remembers and how it forgets is tested in session-cache-invalidation.test.ts).
  accounts = await startAccountStack({ SESSION_CACHE_MS: '0' });
  ({ stack, mail, google } = accounts);
  redis = new Redis(stack.config.redis.url);
});

afterAll(async () => {
  await redis?.quit();
  await accounts?.close();
});

const client = () => new AuthClient(stack.baseUrl);
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

async function registerAndVerify(email = uniqueEmail('person'), password = 'correct horse battery') {
  const browser = client();
  await browser.post('register', { name: 'Ada Lovelace', email, password });
  const link = verificationLinkIn(await mail.next(email));
  const verified = await browser.post('verify-email', { email: link.email, token: link.token });
  expect(verified.status).toBe(200);
  return { browser, email, password };
}

/** Moves the resend cooldown clock back, as if the last mail was sent `seconds` ago. */
async function ageLastMail(email: string, seconds: number) {
  const key = `${stack.config.redis.keyPrefix}:verification-mail:${keyedDigest(stack.config.appSecret, 'email', email)}`;
  const last = Number(await redis.hget(key, 'last'));
  await redis.hset(key, 'last', (last || Math.floor(Date.now() / 1_000)) - seconds);
}

describe('sign-up with email verification', () => {
  it('registers, mails a real link over SMTP, verifies it and signs the user in', async () => {
    const browser = client();
    const email = uniqueEmail('Ada.Upper');
    const registered = await browser.post('register', { name: '  Ada   Lovelace ', email: `  ${email.toUpperCase()} `, password: 'correct horse battery' });
    expect(registered.status).toBe(200);
    expect(registered.body.data).toEqual({
      requiresVerification: true,
      email: email.toLowerCase(),
      user: null,
      session: null,
      message: 'Registration successful. Please check your email to verify your account.',
    });
    expect(registered.setCookie).toBeNull();

    const message = await mail.next(email.toLowerCase());
    expect(message.subject).toBe('Confirm your email address for Quorum');
    const link = verificationLinkIn(message);
    expect(link.url.origin + link.url.pathname).toBe('http://quorum.test/verify-email');
    expect(link.email).toBe(email.toLowerCase());
    expect(link.token).toMatch(/^[\w-]{43}$/);
    expect(message.html).toContain('/verify-email?token=');
    // Only the token's hash is stored.
    const stored = await stack.records().findOneOrFail(EmailVerificationToken, { email: email.toLowerCase() });
    expect(stored.tokenHash).toBe(hashToken(link.token));

    const verified = await browser.post('verify-email', { email: link.email, token: link.token });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      message: 'Email verified successfully. You are now signed in.',
      user: { name: 'Ada Lovelace', email: email.toLowerCase(), tier: 'registered', emailVerified: true },
      session: { expiresAt: expect.any(String) },
    });
    expect(verified.setCookie).toMatch(/^quorum_session=[\w-]{43}; .*HttpOnly/);
    expect(verified.setCookie).toMatch(/SameSite=Lax/);
    expect(verified.setCookie).not.toMatch(/Secure/);

    const session = await browser.get('session');
    expect(session.body.data).toMatchObject({ authenticated: true, user: { email: email.toLowerCase() } });
    const token = browser.cookie!.split('=')[1]!;
    expect(await stack.records().count(UserSession, { tokenHash: hashToken(token) })).toBe(1);
    expect(await stack.records().count(UserSession, { tokenHash: token })).toBe(0);
  });

  it('refuses to sign in an unverified account, saying so only to someone with the password', async () => {
    const email = uniqueEmail('unverified');
    await client().post('register', { name: 'Unverified', email, password: 'a good password' });
    const refused = await client().post('login', { email, password: 'a good password' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      data: { requiresVerification: true, email },
      error: { code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email before logging in' },
    });
    const wrong = await client().post('login', { email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.data).toBeNull();
  });

  it('uses a link once, rejects an expired one and one for another address', async () => {
    const browser = client();
    const email = uniqueEmail('links');
    await browser.post('register', { name: 'Links', email, password: 'a good password' });
    const link = verificationLinkIn(await mail.next(email));

    const otherAddress = await client().post('verify-email', { email: uniqueEmail('someone-else'), token: link.token });
    expect(otherAddress.status).toBe(400);
    expect(otherAddress.body.error?.message).toBe('This verification link is invalid or has already been used. Please request a new one.');

    await stack.records().nativeUpdate(EmailVerificationToken, { tokenHash: hashToken(link.token) }, { expiresAt: new Date(Date.now() - 1_000) });
    const expired = await client().post('verify-email', { email, token: link.token });
    expect(expired.body.error?.message).toBe('This verification link has expired. Please request a new one.');

    await stack.records().nativeUpdate(EmailVerificationToken, { tokenHash: hashToken(link.token) }, { expiresAt: new Date(Date.now() + 60_000) });
    expect((await client().post('verify-email', { email, token: link.token })).status).toBe(200);
    const reused = await client().post('verify-email', { email, token: link.token });
    expect(reused.status).toBe(400);
    expect(reused.body.error?.message).toBe('This verification link is invalid or has already been used. Please request a new one.');

    const incomplete = await client().post('verify-email', { email });
    expect(incomplete.body.error?.message).toBe('Invalid verification link. Please check your email and try again.');
  });

  it('resends with a 5-minute cooldown and at most 3 times, counting down', async () => {
    const email = uniqueEmail('resend');
    await client().post('register', { name: 'Resend', email, password: 'a good password' });
    await mail.next(email);

    const tooSoon = await client().post('resend-verification', { email });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error?.code).toBe('RATE_LIMIT_ERROR');
    expect(tooSoon.body.error?.message).toMatch(/^Please wait [45]:\d\d before requesting another email\.$/);
    expect(tooSoon.body.data).toMatchObject({ remainingAttempts: 3 });
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(240);

    const links: string[] = [];
    for (const remaining of [2, 1, 0]) {
      await ageLastMail(email, 301);
      const sent = await client().post('resend-verification', { email });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toEqual({ message: expect.any(String), remainingAttempts: remaining });
      links.push(verificationLinkIn(await mail.next(email)).token);
    }
    expect(new Set(links).size).toBe(3);

    await ageLastMail(email, 301);
    const exhausted = await client().post('resend-verification', { email });
    expect(exhausted.status).toBe(429);
    expect(exhausted.body.data).toEqual({ remainingAttempts: 0 });
    expect(exhausted.body.error?.message).toBe('You have reached the maximum number of verification emails. Please contact support.');
    // The newest link works.
    expect((await client().post('verify-email', { email, token: links[2] })).status).toBe(200);
  });
});

describe('sign-in, sessions and sign-out', () => {
  it('signs in with the right password only, with one generic message for every failure', async () => {
    const { email, password } = await registerAndVerify();
    const signedIn = await client().post('login', { email: email.toUpperCase(), password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ user: { email }, session: { expiresAt: expect.any(String) } });

    const wrongPassword = await client().post('login', { email, password: 'wrong password!' });
    const unknownAccount = await client().post('login', { email: uniqueEmail('nobody'), password: 'wrong password!' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownAccount.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownAccount.body);
    expect(wrongPassword.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
  });

  it('slides a session forward with use, never past its absolute limit, and ends expired ones', async () => {
    const { browser } = await registerAndVerify();
    const token = browser.cookie!.split('=')[1]!;
    const em = stack.records();
    const cap = new Date(Date.now() + 2 * 3_600_000);
    await em.nativeUpdate(
      UserSession,
      { tokenHash: hashToken(token) },
      { lastSeenAt: new Date(Date.now() - 3_600_000), expiresAt: new Date(Date.now() + 3_600_000), absoluteExpiresAt: cap },
    );
    const slid = await browser.get('session');
    expect(slid.setCookie).toMatch(/^quorum_session=/);
    const stored = await stack.records().findOneOrFail(UserSession, { tokenHash: hashToken(token) });
    expect(stored.expiresAt.getTime()).toBe(cap.getTime());

    await stack.records().nativeUpdate(UserSession, { tokenHash: hashToken(token) }, { expiresAt: new Date(Date.now() - 1_000) });
    const expired = await browser.get('session');
    expect(expired.body.data).toEqual({ authenticated: false, user: null, session: null, googleClientId: google.clientId });
    expect(await stack.records().count(UserSession, { tokenHash: hashToken(token) })).toBe(0);
  });

  it('logs out: the cookie is cleared and the session no longer works anywhere', async () => {
    const { browser } = await registerAndVerify();
    const stolenCookie = browser.cookie!;
    const out = await browser.post('logout');
    expect(out.body.data).toEqual({ message: 'Signed out' });
    expect(out.setCookie).toMatch(/quorum_session=;/);
    const replay = await new AuthClient(stack.baseUrl).get('session', { cookie: stolenCookie });
    expect(replay.body.data).toMatchObject({ authenticated: false });
    const profile = await new AuthClient(stack.baseUrl).get('profile', { cookie: stolenCookie });
    expect(profile.status).toBe(401);
    expect(profile.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Session expired' });
  });

  it('makes the signed-in person the owner of the questions they ask', async () => {
    const { browser, email } = await registerAndVerify();
    const controller = new AbortController();
    const response = await fetch(`${stack.baseUrl}/api/search/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: browser.cookie! },
      body: JSON.stringify({ query: `owned question ${email}`, model: 'openai', specificModel: 'gpt-4o-mini' }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    controller.abort();
    const user = await stack.records().findOneOrFail(User, { email });
    const request = await stack.records().findOneOrFail(SearchRequest, { query: `owned question ${email}` });
    expect(request.user?.id).toBe(user.id);
    expect(request.guestKey).toBeNull();
  });

  it('shows the profile to its owner', async () => {
    const { browser, email } = await registerAndVerify();
    const profile = await browser.get('profile');
    expect(profile.body.data).toMatchObject({ user: { email, signInMethods: ['password'], createdAt: expect.any(String) } });
    expect(JSON.stringify(profile.body)).not.toContain('argon2');
  });
});

describe('Google sign-in', () => {
  const subject = () => String(Math.floor(Math.random() * 1e15));

  it('tells the page the client id and lets it load Google\'s sign-in script, frame and styles', async () => {
    const signedOut = await client().get('session');
    expect(signedOut.body.data).toMatchObject({ authenticated: false, googleClientId: google.clientId });
    const { browser } = await registerAndVerify();
    expect((await browser.get('session')).body.data).toMatchObject({ authenticated: true, googleClientId: google.clientId });

    const policy = signedOut.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self' https://accounts.google.com");
    expect(directive('frame-src')).toBe("frame-src 'self' https://accounts.google.com");
    expect(directive('connect-src')).toBe("connect-src 'self' https://accounts.google.com");
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/");
    expect(directive('default-src')).toBe("default-src 'self'");
  });

  it('creates a verified account from a valid token and signs it in; the same Google account signs in again', async () => {
    const email = uniqueEmail('google');
    const sub = subject();
    const browser = client();
    const first = await browser.post('google', { token: await google.idToken({ sub, email, name: 'Grace Hopper' }) });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ user: { email, name: 'Grace Hopper', emailVerified: true }, session: { expiresAt: expect.any(String) } });
    expect(first.setCookie).toMatch(/^quorum_session=/);
    // Keyed by `sub`: a changed address on Google's side still finds the same account.
    const again = await client().post('google', { token: await google.idToken({ sub, email: uniqueEmail('renamed') }) });
    expect((again.body.data as { user: { id: string } }).user.id).toBe((first.body.data as { user: { id: string } }).user.id);
    expect((await browser.get('profile')).body.data).toMatchObject({ user: { signInMethods: ['google'] } });
  });

  it.each([
    ['an expired token', async () => google.idToken({ sub: '1', email: 'x@example.com' }, { expiresInSeconds: -120 }), 'Google sign-in failed. Please try again.'],
    ['a token for another app', async () => google.idToken({ sub: '1', email: 'x@example.com', aud: 'someone-else.apps.googleusercontent.com' }), 'Google sign-in failed. Please try again.'],
    ['a token from another issuer', async () => google.idToken({ sub: '1', email: 'x@example.com', iss: 'https://evil.example' }), 'Google sign-in failed. Please try again.'],
    ['a badly signed token', async () => google.idToken({ sub: '1', email: 'x@example.com' }, { forged: true }), 'Google sign-in failed. Please try again.'],
    ['a token whose email is not verified', async () => google.idToken({ sub: '1', email: 'x@example.com', email_verified: false }), 'Your Google account’s email address is not verified.'],
    ['something that is not a token', async () => 'not.a.jwt', 'Google sign-in failed. Please try again.'],
  ])('refuses %s', async (_label, token, message) => {
    const response = await client().post('google', { token: await token() });
    expect(response.status).toBe(401);
    expect(response.body.error).toEqual({ code: 'UNAUTHORIZED', message });
    expect(response.setCookie).toBeNull();
  });

  it('links to an existing verified account with the same address', async () => {
    const { email, password } = await registerAndVerify();
    const linked = await client().post('google', { token: await google.idToken({ sub: subject(), email }) });
    expect(linked.body.data).toMatchObject({ user: { email } });
    expect(await stack.records().count(User, { email })).toBe(1);
    // The password keeps working alongside Google.
    expect((await client().post('login', { email, password })).status).toBe(200);
  });

  it('takes over an unverified account with the same address, dropping the password nobody proved', async () => {
    const email = uniqueEmail('squatted');
    await client().post('register', { name: 'Squatter', email, password: 'squatter password' });
    await mail.next(email);
    const owner = await client().post('google', { token: await google.idToken({ sub: subject(), email }) });
    expect(owner.status).toBe(200);
    expect((await client().post('login', { email, password: 'squatter password' })).status).toBe(401);
  });
});

describe('account deletion', () => {
  it('deletes the person, their sessions and history, and lets the address register afresh', async () => {
    const { browser, email, password } = await registerAndVerify();
    const creditsOf = async (tab: { cookie: string | undefined }) =>
      ((await (await fetch(`${stack.baseUrl}/api/credits`, { headers: tab.cookie ? { cookie: tab.cookie } : {} })).json()) as {
        data: { user: { creditsRemaining: number; freeCreditsUsedBefore: boolean } };
      }).data.user;
    expect(await creditsOf(browser)).toMatchObject({ creditsRemaining: 150, freeCreditsUsedBefore: false });
    const user = await stack.records().findOneOrFail(User, { email });
    const em = stack.records();
    em.create(SearchRequest, { id: randomUUID(), query: 'mine', engine: 'openai', model: 'gpt-4o-mini', user: em.getReference(User, user.id) });
    await em.flush();
    const second = client();
    await second.post('login', { email, password });

    const deleted = await browser.post('delete-account');
    expect(deleted.body.data).toEqual({ message: 'Your account has been deleted.' });
    expect(await stack.records().count(User, { email })).toBe(0);
    expect(await stack.records().count(UserSession, { user: user.id })).toBe(0);
    expect(await stack.records().count(SearchRequest, { user: user.id })).toBe(0);
    expect((await second.get('profile')).status).toBe(401);
    expect((await client().post('login', { email, password })).status).toBe(401);

    const returning = client();
    await returning.post('register', { name: 'Ada again', email, password });
    const link = verificationLinkIn(await mail.next(email));
    expect(link.email).toBe(email);
    expect((await returning.post('verify-email', { email: link.email, token: link.token })).status).toBe(200);
    // The free credits come once per address: the new account starts without them, and the page can say why.
    expect(await creditsOf(returning)).toMatchObject({ creditsRemaining: 0, freeCreditsUsedBefore: true });
  });

  it('requires a session', async () => {
    const response = await client().post('delete-account');
    expect(response.status).toBe(401);
  });
});

describe('no account enumeration', () => {
  it('answers a registration for a taken address exactly like a new one, and mails the owner instead', async () => {
    const { email } = await registerAndVerify();
    const fresh = await client().post('register', { name: 'New', email: uniqueEmail('fresh'), password: 'a good password' });
    const taken = await client().post('register', { name: 'Intruder', email, password: 'another password' });
    expect(taken.status).toBe(fresh.status);
    expect({ ...taken.body, data: { ...taken.body.data, email: null } }).toEqual({ ...fresh.body, data: { ...fresh.body.data, email: null } });
    const notice = await mail.next(email);
    expect(notice.subject).toBe('You already have a Quorum account');
    expect(notice.text).not.toContain('verify-email');
    // The original password still works; nothing changed.
    expect((await client().post('login', { email, password: 'correct horse battery' })).status).toBe(200);
  });

  it('takes about as long whether or not the address has an account', { timeout: 90_000 }, async () => {
    const { email } = await registerAndVerify();
    // Wall-clock time is what an attacker sees; CPU time (the server runs in this process) is what a loaded machine
    // barely changes, so it shows a skipped password hash even when the wall clock is too noisy to.
    const time = async (action: () => Promise<unknown>) => {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await action();
      const cpu = process.cpuUsage(cpuBefore);
      return { wallMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
    };
    /** Each round times both paths back to back, in turns (neither always goes first), so load hits them alike. */
    const pairedSamples = async (known: () => Promise<unknown>, unknown: () => Promise<unknown>) => {
      const samples = { wall: { differences: [] as number[], all: [] as number[] }, cpu: { differences: [] as number[], all: [] as number[] } };
      for (let round = 0; round < 15; round += 1) {
        const knownFirst = round % 2 === 0;
        const first = await time(knownFirst ? known : unknown);
        const second = await time(knownFirst ? unknown : known);
        const [knownTime, unknownTime] = knownFirst ? [first, second] : [second, first];
        samples.wall.differences.push(knownTime.wallMs - unknownTime.wallMs);
        samples.wall.all.push(knownTime.wallMs, unknownTime.wallMs);
        samples.cpu.differences.push(knownTime.cpuMs - unknownTime.cpuMs);
        samples.cpu.all.push(knownTime.cpuMs, unknownTime.cpuMs);
      }
      return samples;
    };
    const login = await pairedSamples(
      () => client().post('login', { email, password: 'wrong password!' }),
      () => client().post('login', { email: uniqueEmail('ghost'), password: 'wrong password!' }),
    );
    const register = await pairedSamples(
      () => client().post('register', { name: 'X', email, password: 'a good password' }),
      () => client().post('register', { name: 'X', email: uniqueEmail('new'), password: 'a good password' }),
    );
    for (const [what, samples] of [['login', login], ['register', register]] as const) {
      for (const clock of ['wall', 'cpu'] as const) {
        const gap = timingGap(samples[clock].differences, samples[clock].all);
        console.info(`${what}, ${clock} time: known − unknown ${gap.typicalDifferenceMs.toFixed(1)} ms (allowed ±${gap.allowedMs.toFixed(1)}), a call ${gap.typicalCallMs.toFixed(1)} ms`);
        expect(Math.abs(gap.typicalDifferenceMs), `${what}, ${clock} time`).toBeLessThanOrEqual(gap.allowedMs);
      }
    }
  });

  it('answers a resend for an unknown address like one for a real account', async () => {
    const unknown = await client().post('resend-verification', { email: uniqueEmail('nobody') });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({
      message: 'If this address has an account waiting for verification, we have sent a new link.',
      remainingAttempts: 2,
    });
  });
});

describe('bad input', () => {
  const cases: [string, unknown, string][] = [
    ['register', { email: 'a@b.co', password: 'long enough' }, 'Name is required'],
    ['register', { name: '  ', email: 'a@b.co', password: 'long enough' }, 'Name is required'],
    ['register', { name: 'A', password: 'long enough' }, 'Email is required'],
    ['register', { name: 'A', email: 'not-an-email', password: 'long enough' }, 'Please enter a valid email address'],
    ['register', { name: 'A', email: 'a@b.co' }, 'Password is required'],
    ['register', { name: 'A', email: 'a@b.co', password: 'short' }, 'Password must be at least 8 characters long'],
    ['register', { name: 'A', email: 'a@b.co', password: 'p'.repeat(257) }, 'Password must be at most 256 characters long'],
    ['register', { name: 'n'.repeat(101), email: 'a@b.co', password: 'long enough' }, 'Name must be at most 100 characters long'],
    ['login', { email: 'a@b.co' }, 'Password is required'],
    ['login', { email: 42, password: 'long enough' }, 'Email is required'],
    ['google', {}, 'No credential received from Google'],
    ['launch-missiles', {}, 'Unknown auth action "launch-missiles"'],
    ['session', {}, 'Unknown auth action "session" (use GET)'],
  ];

  it.each(cases)('%s with %j → 400 "%s"', async (action, body, message) => {
    const response = await client().post(action, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, data: null, error: { code: 'VALIDATION_ERROR', message } });
  });

  it('rejects a body that is not JSON and a missing action', async () => {
    expect((await client().post('login', '{"email":')).status).toBe(400);
    const response = await fetch(`${stack.baseUrl}/api/auth`);
    expect(response.status).toBe(400);
  });

  it('refuses state changes sent from another site', async () => {
    const { email, password } = await registerAndVerify();
    const forged = await client().post('login', { email, password }, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(forged.body.error?.code).toBe('FORBIDDEN');
    const sameSite = await client().post('login', { email, password }, { origin: 'http://quorum.test' });
    expect(sameSite.status).toBe(200);
  });
});

describe('anonymous session id', () => {
  it('gives every response one, and keeps a valid one the browser sends back', async () => {
    const first = await client().get('session');
    const id = first.headers.get('x-session-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const again = await client().get('session', { 'x-session-id': id! });
    expect(again.headers.get('x-session-id')).toBe(id);
    const junk = await client().get('session', { 'x-session-id': '<script>' });
    expect(junk.headers.get('x-session-id')).toMatch(/^[0-9a-f-]{36}$/);
    const health = await fetch(`${stack.baseUrl}/api/health`);
    expect(health.headers.get('x-session-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Whether two paths take the same time, from paired differences: their median against how far it could wander by
 * chance (four standard errors of a median, from the differences' own spread, measured robustly as the median
 * absolute deviation), and never less than 30 % of a call (some milliseconds of database work on one path is no
 * tell). Both paths run argon2, so load slows them alike and widens the spread, not the gap; a path that skipped
 * argon2 would be a whole hash faster on every pair, far beyond what the pairs' spread allows.
 */
function timingGap(differences: number[], all: number[]): { typicalDifferenceMs: number; allowedMs: number; typicalCallMs: number } {
  const typicalDifferenceMs = median(differences);
  const spread = 1.4826 * median(differences.map((difference) => Math.abs(difference - typicalDifferenceMs)));
  const standardErrorOfMedian = (1.2533 * spread) / Math.sqrt(differences.length);
  const typicalCallMs = median(all);
  return { typicalDifferenceMs, allowedMs: Math.max(4 * standardErrorOfMedian, 0.3 * typicalCallMs), typicalCallMs };
}
