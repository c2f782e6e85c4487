import type { Browser, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient } from '../support/auth-client.ts';
import { answerCookieQuestion, DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, type OpenedPage } from '../support/browser-page.ts';
import { browserForFile, stackForBlock } from '../support/browser-stack.ts';
import { startGoogleIssuer, type GoogleIssuer } from '../support/google-issuer.ts';
import { startMailCatcher, verificationLinkIn, type MailCatcher } from '../support/mail-catcher.ts';
import type { TestStack } from '../support/test-stack.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';

let browser: Browser;

browserForFile((launched) => (browser = launched));

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** Opens the modal from the top bar (not the registration banner, which has a Sign Up button too). */
async function openAuthModal(page: Page, tab: 'Sign In' | 'Sign Up'): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: tab, exact: true }).click();
  await page.getByTestId('auth-modal').getByRole('tab', { name: tab, selected: true }).waitFor();
}

const modal = (page: Page) => page.getByTestId('auth-modal');
const modalText = async (page: Page) => (await modal(page).textContent()) ?? '';

/** Console errors other than the browser's own note about an HTTP error status the test provoked on purpose. */
const unexpected = (problems: string[]) => problems.filter((problem) => !problem.startsWith('Failed to load resource'));

async function fillSignUp(page: Page, values: { name: string; email: string; password: string; confirmPassword: string }) {
  await page.getByTestId('auth-name').fill(values.name);
  await page.getByTestId('auth-email').fill(values.email);
  await page.getByTestId('auth-password').fill(values.password);
  await page.getByTestId('auth-confirm-password').fill(values.confirmPassword);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByTestId('auth-email').fill(email);
  await page.getByTestId('auth-password').fill(password);
  await page.getByTestId('auth-submit').click();
}

describe('signing up and in with email and password', () => {
  let stack: TestStack;
  let mail: MailCatcher;
  let opened: OpenedPage;
  const email = uniqueEmail('ada');
  const password = 'correct horse battery';
  const authCalls: string[] = [];

  // The mail catcher starts before the stack, whose environment names its address, and closes after it.
  beforeAll(async () => {
    mail = await startMailCatcher();
  });
  afterAll(async () => {
    await mail?.close();
  });

  // The mailer talks real SMTP to the catcher; links in the mail point at APP_URL, which the test maps back to
  // the stack (its port is only known once it listens).
  stackForBlock((started) => (stack = started), () => ({ withWorker: false, environment: { SMTP_URL: mail.url, APP_URL: 'http://quorum.test' } }));

  beforeAll(async () => {
    opened = await openPage(browser, stack.baseUrl, { viewport: DESKTOP_VIEWPORT });
    opened.page.on('request', (request) => {
      const action = new URL(request.url()).searchParams.get('action');
      if (request.url().includes('/api/auth') && action) authCalls.push(action);
    });
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('checks the sign-up fields with the product’s messages, each clearing as it is edited', async () => {
    const { page } = opened;
    await openAuthModal(page, 'Sign Up');
    // A modal: the page behind does not scroll while it is open.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await page.getByTestId('auth-submit').click();
    for (const message of ['Name is required', 'Email is required', 'Password is required']) await expect.poll(() => modalText(page)).toContain(message);
    await saveScreenshot(page, 'auth-modal');

    await page.getByTestId('auth-email').fill('ada@');
    await expect.poll(() => modalText(page)).not.toContain('Email is required');
    await expect.poll(() => modalText(page)).toContain('Name is required');
    await page.getByTestId('auth-password').fill('short');
    await page.getByTestId('auth-submit').click();
    await expect.poll(() => modalText(page)).toContain('Please enter a valid email address');
    await expect.poll(() => modalText(page)).toContain('Password must be at least 8 characters long');

    await fillSignUp(page, { name: 'Ada Lovelace', email, password, confirmPassword: `${password}!` });
    await page.getByTestId('auth-submit').click();
    await expect.poll(() => modalText(page)).toContain('Passwords do not match');
    for (const message of ['Name is required', 'Please enter a valid email address', 'Password must be at least 8 characters long']) {
      await expect.poll(() => modalText(page)).not.toContain(message);
    }
    // Nothing reached the server: the form refused on its own.
    expect(authCalls.filter((action) => action === 'register')).toEqual([]);

    // Switching tabs starts afresh: empty fields, no messages.
    await modal(page).getByRole('tab', { name: 'Sign In' }).click();
    await modal(page).getByRole('tab', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByTestId('auth-email').inputValue()).toBe('');
    await expect.poll(() => modalText(page)).not.toContain('Passwords do not match');

    // Escape closes it and gives the page its scrolling back.
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  it('looks right on a phone with the errors shown', async () => {
    const phone = await openPage(browser, stack.baseUrl, { viewport: PHONE_VIEWPORT });
    await openAuthModal(phone.page, 'Sign Up');
    await phone.page.getByTestId('auth-submit').click();
    await phone.page.getByText('Name is required').waitFor();
    // The modal fits the screen: nothing sticks out sideways.
    const box = await phone.page.getByRole('dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await saveScreenshot(phone.page, 'auth-modal');
    expect(unexpected(phone.problems)).toEqual([]);
    await phone.close();
  });

  it('signs up, then shows the verification banner counting down with resend disabled', async () => {
    const { page } = opened;
    await openAuthModal(page, 'Sign Up');
    await fillSignUp(page, { name: 'Ada Lovelace', email, password, confirmPassword: password });
    await page.getByTestId('auth-submit').click();

    const banner = page.getByTestId('verification-banner');
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).toContain('Registration successful. Please check your email to verify your account.');
    await expect.poll(() => banner.textContent()).toContain(email);
    const countdown = page.getByTestId('resend-countdown');
    await expect.poll(() => countdown.textContent()).toMatch(/^Available again in [45]:[0-5]\d$/);
    await expect.poll(() => page.getByTestId('resend-verification').isDisabled()).toBe(true);
    // It counts down.
    const first = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: underLoad(3_000) }).not.toBe(first);
    await expect.poll(() => page.getByTestId('resend-verification').isDisabled()).toBe(true);
    // No session: still signed out behind the modal.
    await expect.poll(() => page.getByTestId('user-menu').count()).toBe(0);
    await saveScreenshot(page, 'auth-modal-verification');
  });

  it('opens the emailed link: success, home within about 2 s, signed in with 150 credits', async () => {
    const { page } = opened;
    const link = verificationLinkIn(await mail.next(email));
    expect(link.url.origin).toBe('http://quorum.test');
    const verifyCalls = authCalls.filter((action) => action === 'verify-email').length;

    await page.goto(new URL(`${link.url.pathname}${link.url.search}`, stack.baseUrl).toString());
    const success = page.getByTestId('verification-success');
    await success.waitFor({ timeout: underLoad(10_000) });
    const shownAt = Date.now();
    await expect.poll(() => success.textContent()).toContain('Email verified successfully. You are now signed in.');
    await saveScreenshot(page, 'verify-email-success');

    await page.waitForURL(`${stack.baseUrl}/`, { timeout: underLoad(5_000) });
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThan(1_000);
    expect(waited).toBeLessThan(3_000);
    // The link is used once only, even though the page's effects may run twice.
    expect(authCalls.filter((action) => action === 'verify-email').length - verifyCalls).toBe(1);

    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expect.poll(() => menu.textContent()).toContain('Ada Lovelace');
    await expect.poll(() => menu.textContent()).toContain(email);
    await expect.poll(() => page.getByTestId('tier-badge').textContent()).toBe('Registered');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('credit-count').getAttribute('aria-label'), { timeout: underLoad(10_000) }).toBe('150 credits remaining');
  });

  it('signs out, refuses a wrong password with the server message, then signs in', async () => {
    const { page } = opened;
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();

    await openAuthModal(page, 'Sign In');
    await signIn(page, email, 'not the password');
    const error = page.getByTestId('auth-error');
    await error.waitFor();
    await expect.poll(() => error.textContent()).toBe('Invalid email or password');
    await expect.poll(() => page.getByTestId('user-menu').count()).toBe(0);

    await page.getByTestId('auth-password').fill(password);
    await page.getByTestId('auth-submit').click();
    await page.getByTestId('user-menu').waitFor();
    await modal(page).waitFor({ state: 'detached' });
    expect(unexpected(opened.problems)).toEqual([]);
  });

  it('sends an unverified account to verification when it signs in, with resend enabled', async () => {
    const unverified = uniqueEmail('grace');
    const registered = await new AuthClient(stack.baseUrl).post('register', { name: 'Grace Hopper', email: unverified, password });
    expect(registered.status).toBe(200);
    await mail.next(unverified);

    const other = await openPage(browser, stack.baseUrl);
    await openAuthModal(other.page, 'Sign In');
    await signIn(other.page, unverified, password);
    const banner = other.page.getByTestId('verification-banner');
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).toContain('Please verify your email before logging in');
    await expect.poll(() => banner.textContent()).toContain(unverified);
    const resend = other.page.getByTestId('resend-verification');
    await expect.poll(() => resend.isEnabled()).toBe(true);
    await expect.poll(() => other.page.getByTestId('auth-error').count()).toBe(0);

    // The registration mail went out moments ago: the server's cooldown refuses, in its own words, and the button
    // then waits as long as the server says.
    await resend.click();
    const feedback = other.page.getByTestId('resend-feedback');
    await feedback.waitFor();
    await expect.poll(() => feedback.textContent()).toMatch(/^Please wait [45]:[0-5]\d before requesting another email\.$/);
    await expect.poll(() => resend.isDisabled()).toBe(true);
    await expect.poll(() => other.page.getByTestId('resend-countdown').textContent()).toMatch(/^Available again in [45]:[0-5]\d$/);
    await expect.poll(() => other.page.getByTestId('user-menu').count()).toBe(0);
    await other.close();
  });

  it('says a link without token or email is invalid, without asking the server', async () => {
    const before = authCalls.filter((action) => action === 'verify-email').length;
    const { page } = opened;
    await page.goto(`${stack.baseUrl}/verify-email`);
    const error = page.getByTestId('verification-error');
    await error.waitFor({ timeout: underLoad(10_000) });
    await expect.poll(() => error.textContent()).toContain('Invalid verification link. Please check your email and try again.');
    await page.goto(`${stack.baseUrl}/verify-email?email=${encodeURIComponent(email)}`);
    await error.waitFor({ timeout: underLoad(10_000) });
    await expect.poll(() => error.textContent()).toContain('Invalid verification link. Please check your email and try again.');
    expect(authCalls.filter((action) => action === 'verify-email').length).toBe(before);
    // A link the server does not know is refused in the server's words.
    await page.goto(`${stack.baseUrl}/verify-email?email=${encodeURIComponent(email)}&token=${'x'.repeat(43)}`);
    await error.waitFor({ timeout: underLoad(10_000) });
    await expect.poll(() => error.textContent()).not.toContain('Email verification failed. Please try again.');
    await expect.poll(() => error.getByRole('alert').textContent()).not.toBe('');
    await saveScreenshot(page, 'verify-email-error');
  });

  it('offers no Google button when GOOGLE_CLIENT_ID is not set, and never loads Google', async () => {
    const other = await openPage(browser, stack.baseUrl);
    const google: string[] = [];
    other.page.on('request', (request) => {
      if (request.url().includes('accounts.google.com')) google.push(request.url());
    });
    for (const tab of ['Sign In', 'Sign Up'] as const) {
      if (tab === 'Sign Up') await modal(other.page).getByRole('tab', { name: tab }).click();
      else await openAuthModal(other.page, tab);
      await other.page.getByTestId('auth-submit').waitFor();
      await expect.poll(() => other.page.getByTestId('google-signin').count()).toBe(0);
    }
    expect(google).toEqual([]);
    await other.close();
  });
});

describe('signing in with Google', () => {
  let stack: TestStack;
  let issuer: GoogleIssuer;

  // The issuer starts before the stack, whose environment names it, and closes after it.
  beforeAll(async () => {
    issuer = await startGoogleIssuer();
  });
  afterAll(async () => {
    await issuer?.close();
  });

  stackForBlock((started) => (stack = started), () => ({ withWorker: false, environment: { GOOGLE_CLIENT_ID: issuer.clientId, GOOGLE_JWKS_URL: issuer.jwksUrl } }));

  /**
   * Google's script cannot be fetched from this machine, so the browser is handed a stand-in at Google's own
   * address (the page's CSP must allow it). It behaves like GSI from the page's side: `initialize` takes the
   * callback, `renderButton` draws a button that hands over `credential` — a real ID token from the test issuer,
   * which the real server verifies against the issuer's keys.
   */
  function stubGoogleScript(credential: string | null): string {
    return `
      window.google = { accounts: { id: {
        initialize(config) { window.__gsi = config; },
        renderButton(parent, options) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Continue with Google (stand-in)';
          button.dataset.width = String(options.width);
          button.addEventListener('click', () => window.__gsi.callback(${JSON.stringify(credential === null ? {} : { credential })}));
          parent.append(button);
        },
      } } };`;
  }

  async function pageWithGoogle(script: string | null): Promise<OpenedPage & { loads: string[] }> {
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
    await answerCookieQuestion(context);
    const loads: string[] = [];
    await context.route('https://accounts.google.com/**', async (route) => {
      loads.push(route.request().url());
      if (script === null) await route.abort('connectionrefused');
      else await route.fulfill({ status: 200, contentType: 'text/javascript', body: script });
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(stack.baseUrl);
    await page.getByTestId('startup-loader').waitFor({ state: 'detached', timeout: underLoad(15_000) });
    return { page, context, problems, loads, close: () => context.close() };
  }

  it('loads Google only on demand, takes its credential to the server and signs the user in', async () => {
    const email = uniqueEmail('grace');
    const token = await issuer.idToken({ sub: String(Date.now()), email, name: 'Grace Hopper' });
    const opened = await pageWithGoogle(stubGoogleScript(token));
    expect(opened.loads).toEqual([]);
    await openAuthModal(opened.page, 'Sign In');
    const button = opened.page.getByTestId('google-signin').getByRole('button', { name: 'Continue with Google (stand-in)' });
    await button.waitFor();
    expect(opened.loads).toEqual(['https://accounts.google.com/gsi/client']);
    expect(Number(await button.getAttribute('data-width'))).toBeGreaterThanOrEqual(200);
    await saveScreenshot(opened.page, 'auth-modal-google');
    await button.click();
    await opened.page.getByTestId('user-menu').waitFor();
    await modal(opened.page).waitFor({ state: 'detached' });
    await opened.page.getByTestId('user-menu').click();
    await expect.poll(() => opened.page.getByRole('menu').textContent()).toContain(email);
    expect(unexpected(opened.problems)).toEqual([]);
    await opened.close();
  });

  it('says "No credential received from Google" when Google hands over nothing', async () => {
    const opened = await pageWithGoogle(stubGoogleScript(null));
    await openAuthModal(opened.page, 'Sign In');
    await opened.page.getByRole('button', { name: 'Continue with Google (stand-in)' }).click();
    const error = opened.page.getByTestId('google-signin-error');
    await error.waitFor();
    await expect.poll(() => error.textContent()).toBe('No credential received from Google');
    await expect.poll(() => opened.page.getByTestId('user-menu').count()).toBe(0);
    await opened.close();
  });

  it('shows the server message when the server refuses the credential', async () => {
    const forged = await issuer.idToken({ sub: '1', email: uniqueEmail('forged') }, { forged: true });
    const opened = await pageWithGoogle(stubGoogleScript(forged));
    await openAuthModal(opened.page, 'Sign Up');
    await opened.page.getByRole('button', { name: 'Continue with Google (stand-in)' }).click();
    const error = opened.page.getByTestId('google-signin-error');
    await error.waitFor();
    await expect.poll(() => error.textContent()).toBe('Google sign-in failed. Please try again.');
    await opened.close();
  });

  it('says Google Sign-In is unavailable when its script cannot be fetched', async () => {
    const opened = await pageWithGoogle(null);
    await openAuthModal(opened.page, 'Sign In');
    const error = opened.page.getByTestId('google-signin-error');
    await error.waitFor();
    await expect.poll(() => error.textContent()).toBe('Google Sign-In unavailable. Please try again later.');
    // The rest of the modal still works.
    await expect.poll(() => opened.page.getByTestId('auth-submit').isEnabled()).toBe(true);
    await opened.close();
  });
});
