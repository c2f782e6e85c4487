import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_BANNER_DELAY_MS } from '../../client/src/layout/registration-banner/registration-banner.tsx';
import type { RunningStripeApiFake } from '../../simulator/stripe/stripe-api-fake.ts';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { AuthClient } from '../support/auth-client.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { createPayer } from '../support/funded-user.ts';
import { startStripeFake, stripeEnvironment } from '../support/stripe-test-kit.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * Deleting an account is deliberate: from the user menu, the dialog says what is lost (the balance, and what was
 * paid for the credits bought) and keeps Delete Account disabled until the person types their own address. Once it
 * is gone, the "Account deleted" notice stays clear of Ask and the page no longer invites this browser to collect
 * free credits its address already had. At a phone's and a desktop's width, checked with axe in light and dark.
 */

let browser: Browser;
let stack: TestStack;
let fake: RunningStripeApiFake;

// The Stripe fake starts first, since the stack's environment names its address; it closes after the stack stops.
beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(async () => {
  await fake?.close();
});

browserStackForFile((started) => ({ browser, stack } = started), () => ({ withWorker: false, environment: { ...stripeEnvironment(fake), AUTH_RATE_LIMIT_SCALE: '100' } }));

/** A person with the 150-credit grant who bought 1,000 credits for $8.50 through the real payment flow. */
async function personWhoBoughtCredits(): Promise<{ email: string; cookie: string }> {
  const payer = await createPayer(stack.records(), stack.config, 150);
  const call = async (method: string, body: unknown) => {
    const response = await fetch(`${stack.baseUrl}/api/payments`, {
      method,
      headers: { 'content-type': 'application/json', cookie: payer.cookie },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: { paymentIntentId: string } };
  };
  const { paymentIntentId } = (await call('POST', { creditAmount: 1000 })).data;
  fake.confirm(paymentIntentId);
  await call('PUT', { paymentIntentId });
  return { email: payer.user.email, cookie: payer.cookie };
}

/** Checks the screen with axe and photographs the viewport, light then dark. */
async function inBothSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await transitionsSettled(page);
    expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme}`).toEqual([]);
    await saveViewportScreenshot(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Waits until the page has lived past the invitation's delay and React has drawn what that delay decides, then says
 * whether the invitation or its lazily loaded code ever appeared.
 */
async function invitationShown(page: Page, chunkRequests: string[]): Promise<boolean> {
  await expect.poll(() => page.evaluate(() => performance.now()), { timeout: underLoad(10_000) }).toBeGreaterThan(REGISTRATION_BANNER_DELAY_MS + 250);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return (await page.getByTestId('registration-banner').count()) > 0 || chunkRequests.some((url) => url.includes('floating-invitation'));
}

describe('deleting an account', () => {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`asks for the address, says what is lost, and leaves Ask clear afterwards, at ${viewport.width} px`, async () => {
      const { email, cookie } = await personWhoBoughtCredits();
      const opened = await openPage(browser, stack.baseUrl, { viewport, cookie });
      const { page } = opened;
      const chunkRequests: string[] = [];
      page.on('request', (request) => chunkRequests.push(request.url()));
      try {
        await page.getByTestId('user-menu').click();
        await page.getByRole('menuitem', { name: 'Delete Account' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
        const loss = dialog.getByTestId('deletion-loss');
        await loss.waitFor();
        await expect.poll(() => loss.locator('p').allInnerTexts()).toEqual([
          'You lose your balance of 1,150 credits.',
          'You paid $8.50 for the 1,000 credits you bought; none of it is refunded.',
        ]);
        const confirm = dialog.getByTestId('confirm-delete-account');
        const typed = dialog.getByLabel(`To confirm, type your email address (${email})`);
        await expect.poll(() => confirm.isDisabled()).toBe(true);
        await inBothSchemes(page, 'delete-account-confirm');

        // Not the address: still disabled, and Enter in the box deletes nothing.
        await typed.fill(email.replace('@', '@x'));
        await typed.press('Enter');
        await expect.poll(() => confirm.isDisabled()).toBe(true);
        expect((await new AuthClient(stack.baseUrl, { cookie }).get('session')).body.data).toMatchObject({ authenticated: true });

        // Cancel forgets what was typed.
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByTestId('user-menu').click();
        await page.getByRole('menuitem', { name: 'Delete Account' }).click();
        await expect.poll(() => typed.inputValue()).toBe('');

        await typed.fill(` ${email.toUpperCase()} `);
        await expect.poll(() => confirm.isEnabled()).toBe(true);
        await inBothSchemes(page, 'delete-account-confirmed-address');
        await confirm.click();

        const notice = page.getByTestId('account-deleted-notice');
        await notice.waitFor();
        await page.waitForURL(`${stack.baseUrl}/`);
        const ask = page.getByTestId('ask-button');
        await ask.waitFor();
        await expect.poll(async () => overlaps((await ask.boundingBox())!, (await notice.boundingBox())!)).toBe(false);
        await inBothSchemes(page, 'account-deleted-notice');
        expect(await invitationShown(page, chunkRequests)).toBe(false);
        expect((await new AuthClient(stack.baseUrl, { cookie }).get('session')).body.data).toMatchObject({ authenticated: false });

        // A fresh load of the home page, as a guest, still offers this browser no free credits.
        await page.reload();
        await ask.waitFor();
        expect(await invitationShown(page, chunkRequests)).toBe(false);
        expect(opened.problems.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual([]);
      } finally {
        await opened.close();
      }
    }, testLimit(120_000));
  }
});
