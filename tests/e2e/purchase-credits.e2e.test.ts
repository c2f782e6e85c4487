import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStripeApiFake } from '../../simulator/stripe/stripe-api-fake.ts';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { routeStripeToStandIns } from '../support/stripe-js-stand-in.ts';
import { startStripeFake, stripeEnvironment } from '../support/stripe-test-kit.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * Buying credits in Chromium, end to end: the dialog's amounts and prices, Stripe's card form (a stand-in for
 * Stripe.js served at its real address, talking to a local fake of Stripe's API), a declined card, a paid one, the
 * credits added once by the server and the page reloaded with the new balance.
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

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Waits for the dialog's opening transition to end: axe would read the colours of a half-faded dialog. */
async function dialogSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const content = document.querySelector('[role="dialog"]');
    return content !== null && getComputedStyle(content).opacity === '1';
  });
}

describe('the Purchase Credits dialog', () => {
  it('prices an amount, survives a declined card and a way back, then credits the account once and reloads', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: payer.cookie });
    const stand = await routeStripeToStandIns(page, fake);
    await page.getByTestId('credit-count').filter({ hasText: '150' }).waitFor();

    await page.getByTestId('buy-credits').click();
    const dialog = dialogNamed(page, 'Purchase Credits');
    await dialog.waitFor();
    const presets = dialog.getByRole('group', { name: 'Suggested amounts' }).getByRole('button');
    await expect.poll(() => presets.allInnerTexts()).toEqual(['100', '200', '500', '1,000', '2,500']);
    // Stripe.js is not fetched until someone goes on to pay.
    expect(stand.scriptLoads()).toBe(0);

    await presets.filter({ hasText: '1,000' }).click();
    await expect.poll(() => dialog.getByTestId('purchase-band').textContent()).toBe('Standard');
    await expect.poll(() => dialog.getByTestId('purchase-rate').innerText()).toBe('$0.0085');
    await expect.poll(() => dialog.getByTestId('purchase-price').innerText()).toBe('$8.50');
    await expect.poll(() => dialog.getByTestId('purchase-savings').innerText()).toBe('You save $1.50 (15%) against the Starter rate');

    const input = dialog.getByTestId('purchase-credits-input');
    await input.fill('50');
    await expect.poll(() => dialog.getByTestId('purchase-continue').innerText()).toBe('Select at least 100 credits');
    await expect.poll(() => dialog.getByTestId('purchase-continue').isDisabled()).toBe(true);
    // Over the maximum the button says the maximum, not the minimum.
    await input.fill('60000');
    await expect.poll(() => dialog.getByTestId('purchase-continue').innerText()).toBe('The maximum is 50,000 credits');
    await expect.poll(() => dialog.getByTestId('purchase-continue').isDisabled()).toBe(true);
    await input.fill('201');
    await expect.poll(() => dialog.getByTestId('purchase-price').innerText()).toBe('$1.81');
    await expect.poll(() => dialog.getByTestId('purchase-band').textContent()).toBe('Basic');

    // The slider's thumb moves with the amount and its end is the maximum.
    const thumb = dialog.getByRole('slider', { name: 'Credits to buy' });
    await thumb.focus();
    await page.keyboard.press('End');
    await expect.poll(() => input.inputValue()).toBe('50,000');
    await expect.poll(() => dialog.getByTestId('purchase-price').innerText()).toBe('$375.00');
    await input.fill('201');

    await dialog.getByTestId('purchase-continue').click();
    const payDialog = dialogNamed(page, 'Complete Purchase');
    await payDialog.waitFor();
    await expect.poll(() => payDialog.getByTestId('payment-summary-credits').innerText()).toBe('201 credits');
    await expect.poll(() => payDialog.getByTestId('payment-summary-price').innerText()).toBe('$1.81');
    await payDialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByTestId('purchase-continue').waitFor();
    await expect.poll(() => input.inputValue()).toBe('201');
    await dialog.getByTestId('purchase-continue').click();
    await payDialog.waitFor();

    const cardNumber = payDialog.getByTestId('stand-in-card-number');
    await cardNumber.fill('4000 0000 0000 0002');
    await payDialog.getByTestId('complete-purchase').click();
    await expect.poll(() => payDialog.getByTestId('payment-error').innerText()).toBe('Your card was declined.');
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150, held: 0 });

    await cardNumber.fill('4242 4242 4242 4242');
    const reloaded = page.waitForEvent('load', { timeout: underLoad(10_000) });
    await payDialog.getByTestId('complete-purchase').click();
    const success = dialogNamed(page, 'Payment successful').getByTestId('payment-success');
    await expect.poll(() => success.innerText()).toContain('Payment successful! 201 credits have been added to your account.');
    await reloaded;
    await page.getByTestId('credit-count').filter({ hasText: '351' }).waitFor();
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 351, held: 0 });
    expect(stand.scriptLoads()).toBe(1);
    expect(problems.filter((problem) => !problem.includes('402'))).toEqual([]);
    await close();
  }, testLimit(60_000));

  it('while the bank is still processing, asks Quorum again instead of charging again', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const { page, close } = await openPage(browser, stack.baseUrl, { cookie: payer.cookie });
    await routeStripeToStandIns(page, fake);
    await page.getByTestId('buy-credits').click();
    const dialog = dialogNamed(page, 'Purchase Credits');
    await dialog.getByRole('group', { name: 'Suggested amounts' }).getByRole('button', { name: '500', exact: true }).click();
    await dialog.getByTestId('purchase-continue').click();
    const payDialog = dialogNamed(page, 'Complete Purchase');
    await payDialog.getByTestId('stand-in-card-number').fill('4000 0000 0000 0259');
    await payDialog.getByTestId('complete-purchase').click();
    await expect.poll(() => payDialog.getByTestId('payment-error').innerText()).toBe('Your payment is still processing. Please wait a moment and try again.');
    await expect.poll(() => payDialog.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150, held: 0 });

    // The bank finishes; asking again credits the purchase, without a second card confirmation.
    const intent = [...fake.intents.values()].find((candidate) => candidate.status === 'processing' && candidate.metadata.user_id === payer.user.id)!;
    fake.setStatus(intent.id, 'succeeded');
    const reloaded = page.waitForEvent('load', { timeout: underLoad(10_000) });
    await payDialog.getByTestId('check-payment-again').click();
    await dialogNamed(page, 'Payment successful').getByTestId('payment-success').waitFor();
    await reloaded;
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 650, held: 0 });
    await close();
  }, testLimit(30_000));

  it('opens from the pricing page at the chosen amount, and from "not enough credits" on the home page', async () => {
    const payer = await createPayer(stack.records(), stack.config, 1);
    const { page, close } = await openPage(browser, stack.baseUrl, { cookie: payer.cookie, path: '/pricing' });
    await page.getByRole('group', { name: 'Common amounts' }).getByRole('button', { name: '2,500' }).click();
    await page.getByTestId('purchase-button').click();
    const dialog = dialogNamed(page, 'Purchase Credits');
    await expect.poll(() => dialog.getByTestId('purchase-price').innerText()).toBe('$20.00');
    await expect.poll(() => dialog.getByTestId('purchase-band').textContent()).toBe('Professional');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${stack.baseUrl}/`);
    await page.getByTestId('affordability').waitFor();
    await page.getByTestId('insufficient-buy-credits').click();
    await dialogNamed(page, 'Purchase Credits').getByTestId('purchase-quote').waitFor();
    await close();
  }, testLimit(30_000));

  it('reads well and passes axe at phone and desktop widths, light and dark', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      const { page, close } = await openPage(browser, stack.baseUrl, { cookie: payer.cookie, viewport, path: '/pricing' });
      await routeStripeToStandIns(page, fake);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.getByTestId('purchase-button').click();
        const dialog = dialogNamed(page, 'Purchase Credits');
        await dialog.getByTestId('purchase-quote').waitFor();
        await dialogSettled(page);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await saveViewportScreenshot(page, `purchase-credits-choose-${colorScheme}`);
        await dialog.getByTestId('purchase-continue').click();
        const payDialog = dialogNamed(page, 'Complete Purchase');
        await payDialog.getByTestId('stand-in-card-number').waitFor();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await saveViewportScreenshot(page, `purchase-credits-pay-${colorScheme}`);
        await page.keyboard.press('Escape');
        await payDialog.waitFor({ state: 'detached' });
      }
      await close();
    }
  }, testLimit(90_000));
});
