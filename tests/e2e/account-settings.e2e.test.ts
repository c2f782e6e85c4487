import type { Browser, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { accountLinkIn } from '../support/account-links.ts';
import { AuthClient } from '../support/auth-client.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { startMailCatcher, verificationLinkIn, type MailCatcher } from '../support/mail-catcher.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The account pages as a person uses them, at a phone's and a desktop's width, each screen checked with axe and
 * photographed in the light and the dark scheme: "Forgot password?" through the mailed link to a new password, and
 * Settings (name, devices, password, a new address confirmed through its link, theme, deleting the account).
 */
let browser: Browser;
let stack: TestStack;
let mail: MailCatcher;

// The mail catcher starts first, since the stack's environment names its address; it closes after the stack stops.
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.close();
});

browserStackForFile(
  (started) => ({ browser, stack } = started),
  () => ({ withWorker: false, environment: { SMTP_URL: mail.url, APP_URL: 'http://quorum.test', AUTH_RATE_LIMIT_SCALE: '1000' } }),
);

const PASSWORD = 'correct horse battery';
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
/** Mailed links name APP_URL; the test opens the same path on the stack. */
const onStack = (url: URL) => `${stack.baseUrl}${url.pathname}${url.search}`;

async function registeredAccount(name = 'Ada Lovelace') {
  const email = uniqueEmail('person');
  const client = new AuthClient(stack.baseUrl);
  await client.post('register', { name, email, password: PASSWORD });
  const link = verificationLinkIn(await mail.next(email));
  expect((await client.post('verify-email', { email: link.email, token: link.token })).status).toBe(200);
  return { email, client };
}

/** Checks the screen with axe and photographs it, light then dark (the page follows the system's scheme). */
async function inBothSchemes(page: Page, name: string, capture: 'page' | 'viewport' = 'page') {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await transitionsSettled(page);
    expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme}`).toEqual([]);
    await (capture === 'page' ? saveScreenshot : saveViewportScreenshot)(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
  describe(`at ${viewport.width} px`, () => {
    it('resets a forgotten password from the sign-in modal through the mailed link', async () => {
      const { email, client: otherDevice } = await registeredAccount('Grace Hopper');
      const opened = await openPage(browser, stack.baseUrl, { viewport });
      const { page } = opened;
      try {
        await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
        const modal = page.getByTestId('auth-modal');
        await modal.getByTestId('forgot-password').click();
        await modal.getByText('Reset your password').waitFor();
        await modal.getByTestId('auth-submit').click();
        await modal.getByText('Email is required').waitFor();
        await modal.getByTestId('auth-email').fill(email);
        await modal.getByTestId('auth-submit').click();
        const requested = modal.getByTestId('reset-requested');
        await requested.waitFor();
        await expect.poll(() => requested.textContent()).toContain('If an account uses this address, we have emailed it a link to reset the password.');
        await inBothSchemes(page, 'reset-requested', 'viewport');
        await modal.getByRole('button', { name: 'Back to sign in' }).click();
        await modal.getByRole('tab', { name: 'Sign In', selected: true }).waitFor();
        await page.keyboard.press('Escape');
        await modal.waitFor({ state: 'detached' });

        const message = await mail.next(email);
        expect(message.html).toContain('Choose a new password');
        const { url } = accountLinkIn(message, '/reset-password');
        await page.goto(onStack(url));
        const resetPage = page.getByTestId('reset-password-page');
        await resetPage.getByRole('heading', { name: 'Choose a new password' }).waitFor();
        await inBothSchemes(page, 'reset-password-form');
        await resetPage.getByTestId('auth-password').fill('a brand new password');
        await resetPage.getByTestId('auth-confirm-password').fill('a different one');
        await resetPage.getByTestId('auth-submit').click();
        await resetPage.getByText('Passwords do not match').waitFor();
        await resetPage.getByTestId('auth-confirm-password').fill('a brand new password');
        await resetPage.getByTestId('auth-submit').click();
        await page.getByTestId('reset-success').waitFor();
        await expect.poll(() => page.getByTestId('reset-success').textContent()).toContain('every other device has been signed out');
        await inBothSchemes(page, 'reset-password-done');
        // Home, signed in; the other device was signed out.
        await page.waitForURL(`${stack.baseUrl}/`, { timeout: underLoad(10_000) });
        await page.getByTestId('user-menu').waitFor();
        expect((await otherDevice.get('session')).body.data).toMatchObject({ authenticated: false });

        // The link worked once.
        await page.goto(onStack(url));
        await page.getByTestId('reset-password-page').getByTestId('auth-password').fill('yet another password');
        await page.getByTestId('reset-password-page').getByTestId('auth-confirm-password').fill('yet another password');
        await page.getByTestId('reset-password-page').getByTestId('auth-submit').click();
        const refused = page.getByTestId('reset-error');
        await refused.waitFor();
        await expect.poll(() => refused.textContent()).toContain('This password reset link is invalid or has already been used.');
        await inBothSchemes(page, 'reset-password-used');
        expect(opened.problems.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual([]);
      } finally {
        await opened.close();
      }
    }, testLimit(120_000));

    it('changes the name, devices, password, address and theme in Settings, then deletes the account', async () => {
      const { email, client } = await registeredAccount();
      const phone = new AuthClient(stack.baseUrl, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' });
      expect((await phone.post('login', { email, password: PASSWORD })).status).toBe(200);
      const opened = await openPage(browser, stack.baseUrl, { viewport, cookie: client.cookie! });
      const { page } = opened;
      try {
        await page.getByTestId('user-menu').click();
        await page.getByTestId('menu-settings').click();
        const settings = page.getByTestId('settings-page');
        await settings.waitFor();
        await settings.getByTestId('session-row').nth(1).waitFor();
        await inBothSchemes(page, 'settings');

        // Name.
        const nameForm = page.getByRole('form', { name: 'Change name' });
        await nameForm.getByTestId('auth-name').fill('   ');
        await nameForm.getByTestId('auth-submit').click();
        await nameForm.getByText('Name is required').waitFor();
        await nameForm.getByTestId('auth-name').fill('Augusta Ada King');
        await nameForm.getByTestId('auth-submit').click();
        await nameForm.getByText('Your name has been updated.').waitFor();
        await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('AA');

        // Devices: this one first, then the phone; signing the others out leaves this one.
        const rows = settings.getByTestId('session-row');
        await expect.poll(() => rows.count()).toBe(2);
        await expect.poll(() => rows.first().textContent()).toContain('This device');
        await expect.poll(() => rows.nth(1).textContent()).toContain('Safari on iOS');
        await settings.getByTestId('sign-out-others').click();
        await settings.getByText('Signed out 1 other device.').waitFor();
        await expect.poll(() => rows.count()).toBe(1);
        expect((await phone.get('session')).body.data).toMatchObject({ authenticated: false });

        // Password: the current one is needed.
        const passwordForm = page.getByRole('form', { name: 'Change password' });
        await passwordForm.getByTestId('auth-current-password').fill('not my password');
        await passwordForm.getByTestId('auth-new-password').fill('a new password');
        await passwordForm.getByTestId('auth-confirm-password').fill('a new password');
        await passwordForm.getByTestId('auth-submit').click();
        await passwordForm.getByText('Your current password is not correct.').waitFor();
        await passwordForm.getByTestId('auth-current-password').fill(PASSWORD);
        await passwordForm.getByTestId('auth-submit').click();
        await passwordForm.getByText('Your password has been changed. Every other device has been signed out.').waitFor();
        expect((await mail.next(email)).subject).toBe('Your Quorum password was changed');

        // Address: a link to the new one, which moves the account when opened; the old one is told.
        const newEmail = uniqueEmail('moved');
        const emailForm = page.getByRole('form', { name: 'Change email' });
        await emailForm.getByTestId('auth-email').fill(newEmail);
        await emailForm.getByTestId('auth-current-password').fill('a new password');
        await emailForm.getByTestId('auth-submit').click();
        await emailForm.getByText(`We have sent a confirmation link to ${newEmail}.`, { exact: false }).waitFor();
        await inBothSchemes(page, 'settings-saved');
        const { url } = accountLinkIn(await mail.next(newEmail), '/confirm-email');
        await page.goto(onStack(url));
        await page.getByTestId('email-change-success').waitFor();
        await expect.poll(() => page.getByTestId('email-change-success').textContent()).toContain(`Your email address is now ${newEmail}.`);
        await inBothSchemes(page, 'email-changed');
        expect((await mail.next(email)).subject).toBe('Your Quorum email address was changed');
        await page.getByRole('link', { name: 'Back to Settings' }).click();
        await page.getByTestId('current-email').getByText(newEmail).waitFor();

        // Theme: chosen here, kept by the page.
        await page.getByTestId('theme-choice').getByText('Dark', { exact: true }).click();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset['mantineColorScheme'])).toBe('dark');
        await page.getByTestId('theme-choice').getByText('Light', { exact: true }).click();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset['mantineColorScheme'])).toBe('light');
        await page.getByTestId('theme-choice').getByText('System', { exact: true }).click();

        // Deleting: the warning says what is lost, the address typed confirms it, then a message says it is done
        // (account-deletion.e2e.test.ts follows the dialog from the user menu in detail).
        await page.getByTestId('delete-account').click();
        const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
        await dialog.getByText('Unused credits are forfeited.', { exact: false }).waitFor();
        await expect.poll(() => dialog.textContent()).toContain('Registering again with the same address brings no new free credits.');
        await dialog.getByTestId('deletion-loss').getByText('You lose your balance of 150 credits.').waitFor();
        await inBothSchemes(page, 'delete-account-dialog', 'viewport');
        await dialog.getByTestId('delete-account-email').fill(newEmail);
        await dialog.getByTestId('confirm-delete-account').click();
        const notice = page.getByTestId('account-deleted-notice');
        await notice.waitFor();
        await expect.poll(() => notice.textContent()).toContain('Your account has been deleted');
        await page.waitForURL(`${stack.baseUrl}/`);
        await inBothSchemes(page, 'account-deleted', 'viewport');
        expect((await new AuthClient(stack.baseUrl).post('login', { email: newEmail, password: 'a new password' })).status).toBe(401);
        expect(opened.problems.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual([]);
      } finally {
        await opened.close();
      }
    }, testLimit(180_000));

    it('offers Sign In next to Go to Home on every page that needs an account', async () => {
      const opened = await openPage(browser, stack.baseUrl, { viewport });
      const { page } = opened;
      try {
        for (const path of ['/brand-mentions', '/tracking', '/developers', '/arena', '/settings']) {
          await page.goto(`${stack.baseUrl}${path}`);
          const signIn = page.getByTestId('signed-in-only-sign-in');
          await signIn.waitFor();
          expect(await page.getByRole('link', { name: 'Go to Home' }).count(), path).toBe(1);
          if (path === '/settings') await inBothSchemes(page, 'sign-in-required');
          await signIn.click();
          await page.getByTestId('auth-modal').getByRole('tab', { name: 'Sign In', selected: true }).waitFor();
          await page.keyboard.press('Escape');
          await page.getByTestId('auth-modal').waitFor({ state: 'detached' });
        }
      } finally {
        await opened.close();
      }
    }, testLimit(120_000));
  });
}
