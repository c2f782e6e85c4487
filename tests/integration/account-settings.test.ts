import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../core/secrets/secret-tokens.ts';
import { accountLinkIn } from '../support/account-links.ts';
import { AuthClient } from '../support/auth-client.ts';
import type { GoogleIssuer } from '../support/google-issuer.ts';
import { verificationLinkIn, type MailCatcher } from '../support/mail-catcher.ts';
import { startAccountStack, type AccountStack } from '../support/account-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { accountCalls, type AccountAnswer } from '../support/account-calls.ts';

let stack: TestStack;
let mail: MailCatcher;
let google: GoogleIssuer;

let accounts: AccountStack;

beforeAll(async () => {
  accounts = await startAccountStack({ SUPPORT_EMAIL: 'help@quorum.test' });
  ({ stack, mail, google } = accounts);
});

afterAll(async () => {
  await accounts?.close();
});

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PASSWORD = 'correct horse battery';
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call to `/api/account/…` as the browser holding `browser`'s cookie (or as nobody). */
const account = accountCalls(() => stack.baseUrl);

async function credits(browser: AuthClient): Promise<number> {
  const response = await fetch(`${stack.baseUrl}/api/credits`, { headers: { cookie: browser.cookie ?? '' } });
  return ((await response.json()) as { data: { user: { creditsRemaining: number } } }).data.user.creditsRemaining;
}

async function registerAndVerify(email = uniqueEmail('settings'), userAgent = CHROME_ON_WINDOWS) {
  const browser = new AuthClient(stack.baseUrl, { 'user-agent': userAgent });
  await browser.post('register', { name: 'Ada Lovelace', email, password: PASSWORD });
  const message = await mail.next(email);
  const link = verificationLinkIn(message);
  expect((await browser.post('verify-email', { email: link.email, token: link.token })).status).toBe(200);
  return { browser, email, verificationMail: message };
}

const refusal = (answer: AccountAnswer) => ({ status: answer.status, error: answer.body.error });
const invalid = (message: string) => ({ status: 400, error: { code: 'VALIDATION_ERROR', message } });

describe('every settings call needs a signed-in session', () => {
  it.each([
    ['GET', '/sessions', undefined],
    ['POST', '/sessions/sign-out-others', undefined],
    ['PATCH', '/profile', { name: 'Someone' }],
    ['POST', '/email', { email: 'someone@example.com', currentPassword: PASSWORD }],
    ['POST', '/password', { currentPassword: PASSWORD, newPassword: 'another password' }],
  ])('%s /api/account%s answers 401 in the envelope', async (method, path, body) => {
    const answer = await account(null, method, path, body);
    expect(answer).toEqual({ status: 401, body: { success: false, data: null, error: { code: 'UNAUTHORIZED', message: 'Session expired' } } });
  });
});

describe('signed-in devices', () => {
  it('lists this device first with its browser, and signs out only the others', async () => {
    const { browser: laptop, email } = await registerAndVerify();
    const phone = new AuthClient(stack.baseUrl, { 'user-agent': SAFARI_ON_IPHONE });
    expect((await phone.post('login', { email, password: PASSWORD })).status).toBe(200);
    const tablet = new AuthClient(stack.baseUrl, { 'user-agent': FIREFOX_ON_LINUX });
    expect((await tablet.post('login', { email, password: PASSWORD })).status).toBe(200);

    const listed = await account(phone, 'GET', '/sessions');
    expect(listed.status).toBe(200);
    const sessions = listed.body.data!.sessions as { current: boolean; device: string; createdAt: string; lastSeenAt: string }[];
    expect(sessions[0]).toMatchObject({ current: true, device: 'Safari on iOS' });
    expect(sessions.slice(1).map(({ current, device }) => ({ current, device })).sort((a, b) => a.device.localeCompare(b.device))).toEqual([
      { current: false, device: 'Chrome on Windows' },
      { current: false, device: 'Firefox on Linux' },
    ]);
    expect(JSON.stringify(listed.body)).not.toMatch(/token|hash/i);

    const signedOut = await account(phone, 'POST', '/sessions/sign-out-others');
    expect(signedOut).toEqual({ status: 200, body: { success: true, data: { message: 'Signed out 2 other devices.', signedOutSessions: 2 }, error: null } });
    for (const other of [laptop, tablet]) expect((await other.get('session')).body.data).toMatchObject({ authenticated: false });
    expect((await phone.get('session')).body.data).toMatchObject({ authenticated: true });
    const after = await account(phone, 'GET', '/sessions');
    expect((after.body.data!.sessions as unknown[]).length).toBe(1);
    // Another account's sessions are neither listed nor ended.
    const { browser: stranger } = await registerAndVerify();
    await account(phone, 'POST', '/sessions/sign-out-others');
    expect((await stranger.get('session')).body.data).toMatchObject({ authenticated: true });
  });
});

describe('changing the name', () => {
  it('saves a tidied name and answers the user as the session now sees it', async () => {
    const { browser } = await registerAndVerify();
    const changed = await account(browser, 'PATCH', '/profile', { name: '  Augusta   Ada King ' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ message: 'Your name has been updated.', user: { name: 'Augusta Ada King' } });
    expect((await browser.get('session')).body.data).toMatchObject({ user: { name: 'Augusta Ada King' } });
  });

  it('refuses a bad name in the product wording', async () => {
    const { browser } = await registerAndVerify();
    expect(refusal(await account(browser, 'PATCH', '/profile', { name: '   ' }))).toEqual(invalid('Name is required'));
    expect(refusal(await account(browser, 'PATCH', '/profile', {}))).toEqual(invalid('Name is required'));
    expect(refusal(await account(browser, 'PATCH', '/profile', { name: { first: 'Ada' } }))).toEqual(invalid('Name is required'));
    expect(refusal(await account(browser, 'PATCH', '/profile', { name: 'n'.repeat(101) }))).toEqual(invalid('Name must be at most 100 characters long'));
    expect(refusal(await account(browser, 'PATCH', '/profile', { name: 'n'.repeat(500) }))).toEqual(invalid('Name must be at most 100 characters long'));
    expect((await browser.get('session')).body.data).toMatchObject({ user: { name: 'Ada Lovelace' } });
  });
});

describe('changing the email address', () => {
  it('moves the account only when the new address confirms, then tells the old one', async () => {
    const { browser, email } = await registerAndVerify();
    const before = await credits(browser);
    expect(before).toBe(150);
    const newEmail = uniqueEmail('moved');
    const asked = await account(browser, 'POST', '/email', { email: newEmail.toUpperCase(), currentPassword: PASSWORD });
    expect(asked).toEqual({
      status: 200,
      body: { success: true, data: { message: `We have sent a confirmation link to ${newEmail}. Your address changes when you open it.`, pendingEmail: newEmail }, error: null },
    });
    // Nothing changes until the link is opened.
    expect((await browser.get('session')).body.data).toMatchObject({ user: { email } });
    const message = await mail.next(newEmail);
    expect(message.subject).toBe('Confirm your new email address for Quorum');
    expect(message.html).toContain('<h2>Confirm your new email address</h2>');
    const { token, url } = accountLinkIn(message, '/confirm-email');
    expect(url.origin + url.pathname).toBe('http://quorum.test/confirm-email');

    // Opened on another device, without a session: the link is the proof.
    const confirmed = await account(null, 'POST', '/email/confirm', { token });
    expect(confirmed).toEqual({ status: 200, body: { success: true, data: { message: `Your email address is now ${newEmail}.`, email: newEmail }, error: null } });
    const notice = await mail.next(email);
    expect(notice.subject).toBe('Your Quorum email address was changed');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('help@quorum.test');

    expect((await browser.get('session')).body.data).toMatchObject({ user: { email: newEmail, emailVerified: true } });
    expect((await new AuthClient(stack.baseUrl).post('login', { email: newEmail, password: PASSWORD })).status).toBe(200);
    expect((await new AuthClient(stack.baseUrl).post('login', { email, password: PASSWORD })).status).toBe(401);
    expect(refusal(await account(null, 'POST', '/email/confirm', { token }))).toEqual(invalid('This confirmation link is invalid or has already been used.'));

    // The account had its grant; the new address brings no second one.
    expect(await credits(browser)).toBe(before);
    // The old address had its grant too: registering it again promises and gives nothing.
    const again = await registerAndVerify(email);
    expect(again.verificationMail.text).toContain('starts without free credits');
    expect(again.verificationMail.text).not.toContain('150 free credits');
    expect(await credits(again.browser)).toBe(0);
  });

  it('answers the same when the new address has an account, mails that address and changes nothing', async () => {
    const { browser, email } = await registerAndVerify();
    const { email: taken } = await registerAndVerify();
    const asked = await account(browser, 'POST', '/email', { email: taken, currentPassword: PASSWORD });
    expect(asked.body.data).toEqual({ message: `We have sent a confirmation link to ${taken}. Your address changes when you open it.`, pendingEmail: taken });
    const message = await mail.next(taken);
    expect(message.subject).toBe('This address already has a Quorum account');
    expect(message.text).not.toContain('/confirm-email');
    expect((await browser.get('session')).body.data).toMatchObject({ user: { email } });
  });

  it('refuses a link older than 24 hours', async () => {
    const { browser, email } = await registerAndVerify();
    const newEmail = uniqueEmail('late');
    await account(browser, 'POST', '/email', { email: newEmail, currentPassword: PASSWORD });
    const { token } = accountLinkIn(await mail.next(newEmail), '/confirm-email');
    await stack.records().execute(`update account_tokens set created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' where token_hash = ?`, [hashToken(token)]);
    expect(refusal(await account(null, 'POST', '/email/confirm', { token }))).toEqual(invalid('This confirmation link has expired. Please change your email again from Settings.'));
    expect((await browser.get('session')).body.data).toMatchObject({ user: { email } });
  });

  it('refuses bad input in the product wording', async () => {
    const { browser, email } = await registerAndVerify();
    const elsewhere = uniqueEmail('else');
    expect(refusal(await account(browser, 'POST', '/email', { email: elsewhere, currentPassword: 'not the password' }))).toEqual(invalid('Your current password is not correct.'));
    expect(refusal(await account(browser, 'POST', '/email', { email: elsewhere }))).toEqual(invalid('Current password is required'));
    expect(refusal(await account(browser, 'POST', '/email', { email: 'nope', currentPassword: PASSWORD }))).toEqual(invalid('Please enter a valid email address'));
    expect(refusal(await account(browser, 'POST', '/email', { email: '', currentPassword: PASSWORD }))).toEqual(invalid('Email is required'));
    expect(refusal(await account(browser, 'POST', '/email', { currentPassword: PASSWORD }))).toEqual(invalid('Email is required'));
    expect(refusal(await account(browser, 'POST', '/email', { email: ` ${email.toUpperCase()} `, currentPassword: PASSWORD }))).toEqual(invalid('This is already your email address.'));
    expect(refusal(await account(null, 'POST', '/email/confirm', {}))).toEqual(invalid('This confirmation link is invalid or has already been used.'));
    expect(refusal(await account(null, 'POST', '/email/confirm', { token: 'x'.repeat(43) }))).toEqual(invalid('This confirmation link is invalid or has already been used.'));
    await sleep(200);
    expect(mail.messages.filter((caught) => caught.to === elsewhere)).toEqual([]);
  });

  it('lets a Google-only account, which has no password, change its address', async () => {
    const email = uniqueEmail('google');
    const browser = new AuthClient(stack.baseUrl);
    expect((await browser.post('google', { token: await google.idToken({ email, sub: `sub-${randomUUID()}`, name: 'Mary Jackson' }) })).status).toBe(200);
    const newEmail = uniqueEmail('google-moved');
    expect((await account(browser, 'POST', '/email', { email: newEmail })).status).toBe(200);
    const { token } = accountLinkIn(await mail.next(newEmail), '/confirm-email');
    expect((await account(null, 'POST', '/email/confirm', { token })).status).toBe(200);
    expect((await browser.get('session')).body.data).toMatchObject({ user: { email: newEmail } });
  });
});

describe('changing the password', () => {
  it('needs the current password, then keeps this device and signs out the others', async () => {
    const { browser, email } = await registerAndVerify();
    const other = new AuthClient(stack.baseUrl);
    expect((await other.post('login', { email, password: PASSWORD })).status).toBe(200);

    expect(refusal(await account(browser, 'POST', '/password', { currentPassword: 'wrong password', newPassword: 'a new password' }))).toEqual(invalid('Your current password is not correct.'));
    expect(refusal(await account(browser, 'POST', '/password', { currentPassword: PASSWORD, newPassword: 'short' }))).toEqual(invalid('Password must be at least 8 characters long'));
    expect(refusal(await account(browser, 'POST', '/password', { currentPassword: PASSWORD }))).toEqual(invalid('New password is required'));
    expect(refusal(await account(browser, 'POST', '/password', { newPassword: 'a new password' }))).toEqual(invalid('Current password is required'));
    expect(refusal(await account(browser, 'POST', '/password', { currentPassword: PASSWORD, newPassword: 'p'.repeat(257) }))).toEqual(invalid('Password must be at most 256 characters long'));
    expect((await other.get('session')).body.data).toMatchObject({ authenticated: true });

    const changed = await account(browser, 'POST', '/password', { currentPassword: PASSWORD, newPassword: 'a new password' });
    expect(changed).toEqual({
      status: 200,
      body: { success: true, data: { message: 'Your password has been changed. Every other device has been signed out.', signedOutSessions: 1 }, error: null },
    });
    expect((await browser.get('session')).body.data).toMatchObject({ authenticated: true });
    expect((await other.get('session')).body.data).toMatchObject({ authenticated: false });
    expect((await new AuthClient(stack.baseUrl).post('login', { email, password: PASSWORD })).status).toBe(401);
    expect((await new AuthClient(stack.baseUrl).post('login', { email, password: 'a new password' })).status).toBe(200);
    expect((await mail.next(email)).subject).toBe('Your Quorum password was changed');
  });

  it('tells a Google-only account to set its first password by mail', async () => {
    const browser = new AuthClient(stack.baseUrl);
    expect((await browser.post('google', { token: await google.idToken({ email: uniqueEmail('g'), sub: `sub-${randomUUID()}` }) })).status).toBe(200);
    const refused = await account(browser, 'POST', '/password', { currentPassword: 'anything at all', newPassword: 'a new password' });
    expect(refusal(refused)).toEqual(invalid('Your account signs in with Google and has no password yet. Use "Set a password" to get a link by email.'));
  });
});

describe('deleting the account and registering again', () => {
  it('forfeits the credits and gives the address no second grant, and the mail says so', async () => {
    const { browser, email, verificationMail } = await registerAndVerify();
    expect(verificationMail.text).toContain('Your 150 free credits are ready');
    expect(await credits(browser)).toBe(150);
    expect((await browser.post('delete-account')).body.data).toEqual({ message: 'Your account has been deleted.' });
    const again = await registerAndVerify(email);
    expect(again.verificationMail.text).toContain('starts without free credits');
    expect(await credits(again.browser)).toBe(0);
  });
});
