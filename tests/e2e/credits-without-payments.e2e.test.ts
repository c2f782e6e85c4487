import type { Browser, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDITS } from '../../contract/demo-credits.ts';
import { grantCreditsByEmail } from '../../core/credits/credit-grants.ts';
import { publishCreditsRemaining } from '../../core/credits/balance-announcements.ts';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { AuthClient } from '../support/auth-client.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserForFile, stackForBlock } from '../support/browser-stack.ts';
import { createPayer } from '../support/funded-user.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import { startMailCatcher, verificationLinkIn, type MailCatcher } from '../support/mail-catcher.ts';
import { openSidebar } from '../support/sidebar-drawer.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * Credits without card payments, as a person meets them at a phone's and a desktop's width, light and dark, each
 * screen checked with axe: in demo mode a newcomer signs in, adds demo credits from the Payment Unavailable dialog
 * and from Settings, and sees the count grow and each grant in the history of credits, and an operator's grant
 * arrives there live with its reason. Without demo mode the buy buttons say what the operator can do, and offer
 * no demo credits.
 */

let browser: Browser;
let mail: MailCatcher;
const PASSWORD = 'correct horse battery';

// One mail catcher for the file: the demo-mode stack's environment names its address, so it starts first and closes last.
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.close();
});

browserForFile((launched) => (browser = launched));

/** Checks the screen with axe and photographs it, light then dark. */
async function inBothSchemes(page: Page, name: string, capture: 'page' | 'viewport' = 'page') {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await transitionsSettled(page);
    expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme}`).toEqual([]);
    await (capture === 'page' ? saveScreenshot : saveViewportScreenshot)(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The top bar's count, read from its accessible name (on a phone the badge shows 1.2K). */
const countSays = (page: Page, credits: string) => page.locator(`[data-testid="credit-count"][aria-label="${credits} credits remaining"]`).waitFor({ timeout: underLoad(15_000) });

/** Buy Credits lives in the sidebar, which on a phone is a drawer behind the burger (off screen until opened). */
async function pressBuyCredits(page: Page) {
  await (await openSidebar(page)).getByTestId('buy-credits').click();
}

/** Waits for a dialog's opening transition to end: axe would read the colours of a half-faded dialog. */
async function dialogSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const content = document.querySelector('[role="dialog"]');
    return content !== null && getComputedStyle(content).opacity === '1';
  });
}

describe('in demo mode', () => {
  let stack: TestStack;

  stackForBlock(
    (started) => (stack = started),
    () => ({ withWorker: false, environment: { DEMO_MODE: 'on', SMTP_URL: mail.url, APP_URL: 'http://quorum.test', AUTH_RATE_LIMIT_SCALE: '1000' } }),
  );

  async function newcomer(): Promise<string> {
    const email = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
    const client = new AuthClient(stack.baseUrl);
    await client.post('register', { name: 'Nia Newcomer', email, password: PASSWORD });
    const link = verificationLinkIn(await mail.next(email));
    expect((await client.post('verify-email', { email: link.email, token: link.token })).status).toBe(200);
    return email;
  }

  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`lets a newcomer add demo credits and see them in the history of credits, at ${viewport.width} px`, async () => {
      const email = await newcomer();
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { viewport });
      try {
        await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.getByTestId('auth-email').fill(email);
        await page.getByTestId('auth-password').fill(PASSWORD);
        await page.getByTestId('auth-submit').click();
        await countSays(page, '150');

        // Buy Credits: payments are off, so the dialog says what can be done instead, demo credits among it.
        await pressBuyCredits(page);
        const dialog = page.getByRole('dialog', { name: 'Payment Unavailable' });
        await dialog.waitFor();
        await dialogSettled(page);
        await expect.poll(() => dialog.getByTestId('operator-grant-command').innerText()).toBe(`npm run credits:grant -- ${email} 500 --reason "…"`);
        await expect.poll(() => dialog.getByTestId('payment-support-email').isVisible()).toBe(true);
        await inBothSchemes(page, 'demo-payment-unavailable', 'viewport');
        await dialog.getByRole('button', { name: 'Add demo credits' }).click();
        await dialog.getByRole('status').filter({ hasText: `${DEMO_CREDITS.amount} credits added.` }).waitFor();
        await countSays(page, '650');
        await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
        await dialog.waitFor({ state: 'detached' });

        // Settings: the count, the button again, and the history with both grants.
        await page.goto(`${stack.baseUrl}/settings`);
        const section = page.getByTestId('settings-credits');
        await section.getByTestId('settings-credit-count').filter({ hasText: '650 credits to spend' }).waitFor();
        const entries = section.getByTestId('credit-entry');
        const lines = async () => (await entries.allInnerTexts()).map((text) => text.split(/\n+/).join(' | '));
        await expect.poll(lines, { timeout: underLoad(15_000) }).toEqual([
          expect.stringMatching(/^Demo credits \| Added with the demo button \| .+ \| \+500$/),
          expect.stringMatching(/^Welcome credits \| Free credits for a new account \| .+ \| \+150$/),
        ]);
        await section.getByRole('button', { name: 'Add demo credits' }).click();
        await section.getByTestId('settings-credit-count').filter({ hasText: '1,150 credits to spend' }).waitFor();
        await countSays(page, '1,150');
        await expect.poll(() => entries.count(), { timeout: underLoad(15_000) }).toBe(3);

        // An operator's grant arrives while the page is open: the count and the history follow without a reload.
        const granted = await grantCreditsByEmail(stack.records(), stack.config.appSecret, { email, credits: 250, reason: 'Thanks for the bug report', grantedBy: 'ops' });
        await publishCreditsRemaining(stack.app.redis, stack.config.redis.keyPrefix, granted.userId, granted.creditsRemaining);
        await countSays(page, '1,400');
        const operatorEntry = entries.first();
        await operatorEntry.filter({ hasText: 'Added by the operator' }).waitFor({ timeout: underLoad(15_000) });
        await expect.poll(() => operatorEntry.getByTestId('credit-entry-detail').innerText()).toBe('Thanks for the bug report');
        await expect.poll(() => operatorEntry.getByTestId('credit-entry-amount').innerText()).toBe('+250');
        await section.scrollIntoViewIfNeeded();
        await inBothSchemes(page, 'demo-settings-credits');
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    }, testLimit(180_000));
  }
});

describe('without demo mode or card payments', () => {
  let stack: TestStack;

  stackForBlock((started) => (stack = started), { withWorker: false });

  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`says on the pricing page and in the dialog what the operator can do, with no demo credits, at ${viewport.width} px`, async () => {
      const payer = await createPayer(stack.records(), stack.config, 40);
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { viewport, cookie: payer.cookie });
      try {
        await page.goto(`${stack.baseUrl}/pricing`);
        const note = page.getByTestId('payments-off-note');
        await note.waitFor();
        await expect.poll(() => note.innerText()).toContain('Card payments are not set up on this server');
        await expect.poll(() => note.getByTestId('operator-grant-command').innerText()).toBe(`npm run credits:grant -- ${payer.user.email} 500 --reason "…"`);
        await expect.poll(() => page.getByRole('button', { name: 'Add demo credits' }).count()).toBe(0);
        await note.scrollIntoViewIfNeeded();
        await inBothSchemes(page, 'payments-off-pricing', 'viewport');

        await page.getByTestId('purchase-button').click();
        const dialog = page.getByRole('dialog', { name: 'Payment Unavailable' });
        await dialog.waitFor();
        await dialogSettled(page);
        await expect.poll(() => dialog.innerText()).toContain('Card payments are not available at the moment');
        await expect.poll(() => dialog.getByTestId('operator-grant-hint').innerText()).toContain('Whoever runs this Quorum can add credits to your account from the server');
        await expect.poll(() => dialog.getByRole('button', { name: 'Add demo credits' }).count()).toBe(0);
        await inBothSchemes(page, 'payments-off-dialog', 'viewport');
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    }, testLimit(120_000));
  }
});
