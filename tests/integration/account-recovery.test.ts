import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../contract/api-keys.ts';
import { accountLinkIn } from '../support/account-links.ts';
import { startAccountStack, type AccountStack } from '../support/account-stack.ts';
import { createApiKeyFor } from '../support/api-key-client.ts';
import { AuthClient } from '../support/auth-client.ts';
import { verificationLinkIn, type CaughtMail, type MailCatcher } from '../support/mail-catcher.ts';
import type { TestStack } from '../support/test-stack.ts';
import { accountCalls, type AccountAnswer } from '../support/account-calls.ts';

/**
 * Taking an account back from someone who once knew its password, through the real server, Postgres and a real SMTP
 * catcher. The intruder signs in, asks to move the account to their own address and makes API keys; then the owner
 * resets the password, changes it, or signs out every other device. Each must end the intruder's pending address
 * change in the same stroke (its mailed link no longer works), say so, and the mail that follows must name the keys
 * that still work, with their last use and where to revoke them.
 */

let stack: TestStack;
let mail: MailCatcher;
let accounts: AccountStack;

beforeAll(async () => {
  accounts = await startAccountStack();
  ({ stack, mail } = accounts);
});

afterAll(async () => {
  await accounts?.close();
});

const PASSWORD = 'correct horse battery';
const KEYS_URL = 'http://quorum.test/developers#api-keys';
const LINK_ENDED = 'This confirmation link is invalid or has already been used.';
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const cancelled = (address: string) => `The pending change of your email address to ${address} was cancelled: its confirmation link no longer works.`;

const account = accountCalls(() => stack.baseUrl);

async function registerAndVerify(): Promise<{ owner: AuthClient; email: string }> {
  const email = uniqueEmail('owner');
  const owner = new AuthClient(stack.baseUrl);
  await owner.post('register', { name: 'Ada Lovelace', email, password: PASSWORD });
  const link = verificationLinkIn(await mail.next(email));
  expect((await owner.post('verify-email', { email: link.email, token: link.token })).status).toBe(200);
  return { owner, email };
}

/**
 * Someone who knows the password signs in on their own device and asks to move the account to their mailbox; the
 * confirmation link arrives there. Returns their session and that link's token.
 */
async function intruderMovesTheAccount(email: string): Promise<{ intruder: AuthClient; intruderEmail: string; moveToken: string }> {
  const intruder = new AuthClient(stack.baseUrl);
  expect((await intruder.post('login', { email, password: PASSWORD })).status).toBe(200);
  const intruderEmail = uniqueEmail('intruder');
  expect((await account(intruder, 'POST', '/email', { email: intruderEmail, currentPassword: PASSWORD })).status).toBe(200);
  const { token } = accountLinkIn(await mail.next(intruderEmail), '/confirm-email');
  return { intruder, intruderEmail, moveToken: token };
}

/** Calls `/v1/models` with the key, as a program would: the key's last use is now. */
async function useKey(key: CreatedApiKey): Promise<number> {
  return (await fetch(`${stack.baseUrl}/v1/models`, { headers: { authorization: `Bearer ${key.key}` } })).status;
}

async function confirmMove(token: string): Promise<AccountAnswer> {
  return account(null, 'POST', '/email/confirm', { token });
}

/** The owner asks for a reset link and uses it in a fresh browser; returns that browser and the answer's message. */
async function resetPassword(email: string, password: string): Promise<{ browser: AuthClient; message: string }> {
  expect((await new AuthClient(stack.baseUrl).post('request-password-reset', { email })).status).toBe(200);
  const { token } = accountLinkIn(await mail.next(email), '/reset-password');
  const browser = new AuthClient(stack.baseUrl);
  const reset = await browser.post('reset-password', { token, password });
  expect(reset.status).toBe(200);
  return { browser, message: String(reset.body.data!.message) };
}

/** The mail's key lines: "- name (prefix…), last used 28 Nov 2026, 14:03 UTC" or "…, never used". */
function keyLines(message: CaughtMail): string[] {
  return message.text.split('\n').filter((line) => line.startsWith('- '));
}

describe('a password reset ends every way back in', () => {
  it('cancels the pending address change, says so, and mails the live keys with their last use and where to revoke them', async () => {
    const { email } = await registerAndVerify();
    const { intruder, intruderEmail, moveToken } = await intruderMovesTheAccount(email);
    const usedKey = await createApiKeyFor(stack.baseUrl, intruder.cookie!, { name: 'Backup script' });
    const idleKey = await createApiKeyFor(stack.baseUrl, intruder.cookie!, { name: 'Spare key' });
    expect(await useKey(usedKey)).toBe(200);

    const { browser: owner, message } = await resetPassword(email, 'the owner takes it back');
    expect(message).toBe(
      `Your password has been reset. You are now signed in, and every other device has been signed out. ${cancelled(intruderEmail)}`,
    );

    // The intruder's mailed link no longer moves the account, and they are signed out.
    expect(await confirmMove(moveToken)).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message: LINK_ENDED } } });
    expect((await owner.get('session')).body.data).toMatchObject({ authenticated: true, user: { email } });
    expect((await intruder.get('session')).body.data).toMatchObject({ authenticated: false });
    expect((await new AuthClient(stack.baseUrl).post('login', { email: intruderEmail, password: 'the owner takes it back' })).status).toBe(401);

    const notice = await mail.next(email);
    expect(notice.subject).toBe('Your Quorum password was reset');
    expect(notice.text).toContain(cancelled(intruderEmail));
    expect(keyLines(notice)).toEqual([
      expect.stringMatching(new RegExp(`^- Backup script \\(${usedKey.prefix}…\\), last used \\d{1,2} \\w{3,4} \\d{4}, \\d{2}:\\d{2} UTC$`)),
      `- Spare key (${idleKey.prefix}…), never used`,
    ]);
    expect(notice.text).toContain(`Revoke keys on the API page: ${KEYS_URL}`);
    expect(notice.html).toContain(`<li>Spare key (${idleKey.prefix}…), never used</li>`);
    expect(notice.html).toContain(`href="${KEYS_URL}"`);

    // The keys were listed, not ended: they work until the owner revokes them there.
    expect(await useKey(usedKey)).toBe(200);
    const revoked = await fetch(`${stack.baseUrl}/api/api-keys/${usedKey.id}`, { method: 'DELETE', headers: { cookie: owner.cookie! } });
    expect(revoked.status).toBe(200);
    expect(await useKey(usedKey)).toBe(401);
  });
});

describe('a password change ends every way back in', () => {
  it('cancels the pending address change in the same stroke, says so in the answer and the mail, and a new change still works', async () => {
    const { owner, email } = await registerAndVerify();
    const { intruder, intruderEmail, moveToken } = await intruderMovesTheAccount(email);

    const changed = await account(owner, 'POST', '/password', { currentPassword: PASSWORD, newPassword: 'a password of my own' });
    expect(changed).toEqual({
      status: 200,
      body: {
        success: true,
        data: { message: `Your password has been changed. Every other device has been signed out. ${cancelled(intruderEmail)}`, signedOutSessions: 1 },
        error: null,
      },
    });
    expect(await confirmMove(moveToken)).toMatchObject({ status: 400, body: { error: { message: LINK_ENDED } } });
    expect((await intruder.get('session')).body.data).toMatchObject({ authenticated: false });

    const notice = await mail.next(email);
    expect(notice.subject).toBe('Your Quorum password was changed');
    expect(notice.text).toContain(cancelled(intruderEmail));
    expect(notice.text).toContain('Your account has no API keys.');
    expect(keyLines(notice)).toEqual([]);

    // Only what was pending ended: the owner's own change, asked afterwards, goes through.
    const newEmail = uniqueEmail('owner-moved');
    expect((await account(owner, 'POST', '/email', { email: newEmail, currentPassword: 'a password of my own' })).status).toBe(200);
    const { token } = accountLinkIn(await mail.next(newEmail), '/confirm-email');
    expect((await confirmMove(token)).status).toBe(200);
    expect((await owner.get('session')).body.data).toMatchObject({ user: { email: newEmail } });
  });

  it('lists the keys in the mail after a change too, and says nothing of address changes when none was pending', async () => {
    const { owner, email } = await registerAndVerify();
    const key = await createApiKeyFor(stack.baseUrl, owner.cookie!, { name: 'Build server' });
    const changed = await account(owner, 'POST', '/password', { currentPassword: PASSWORD, newPassword: 'another good password' });
    expect(changed.body.data).toEqual({ message: 'Your password has been changed. Every other device has been signed out.', signedOutSessions: 0 });
    const notice = await mail.next(email);
    expect(notice.text).not.toContain('pending change');
    expect(keyLines(notice)).toEqual([`- Build server (${key.prefix}…), never used`]);
    expect(notice.text).toContain(KEYS_URL);
  });
});

describe('"sign out every other device" ends every way back in', () => {
  it('cancels the pending address change with the sessions, and the answer says so', async () => {
    const { owner, email } = await registerAndVerify();
    const { intruder, intruderEmail, moveToken } = await intruderMovesTheAccount(email);
    const signedOut = await account(owner, 'POST', '/sessions/sign-out-others');
    expect(signedOut.body.data).toEqual({ message: `Signed out 1 other device. ${cancelled(intruderEmail)}`, signedOutSessions: 1 });
    expect(await confirmMove(moveToken)).toMatchObject({ status: 400, body: { error: { message: LINK_ENDED } } });
    expect((await intruder.get('session')).body.data).toMatchObject({ authenticated: false });
    expect((await owner.get('session')).body.data).toMatchObject({ authenticated: true, user: { email } });
  });
});
