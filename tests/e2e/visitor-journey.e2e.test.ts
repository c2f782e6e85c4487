import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, type OpenedPage } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { startMailCatcher, verificationLinkIn, type MailCatcher } from '../support/mail-catcher.ts';
import type { TestStack } from '../support/test-stack.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The whole story in one browser, on real parts (server, worker, Postgres, Redis, SMTP, the provider
 * simulator behind the real SDKs): a visitor signs up, verifies through the link in the captured email, compares
 * three models of which one fails and watches each column finish on its own, finds the comparison in the sidebar,
 * opens its details, runs it again, and reloads mid-comparison without losing it.
 */

let browser: Browser;
let stack: TestStack;
let mail: MailCatcher;
let opened: OpenedPage;
const email = `journey-${randomUUID().slice(0, 8)}@example.com`;

// The mail catcher starts first, since the stack's environment names its address; it closes after the stack stops.
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.close();
});

browserStackForFile((started) => ({ browser, stack } = started), () => ({ environment: { SMTP_URL: mail.url, APP_URL: 'http://quorum.test' } }));

// One page for the whole story, opened once the stack is up and closed before it stops.
beforeAll(async () => {
  opened = await openPage(browser, stack.baseUrl);
});
afterAll(async () => {
  await opened?.close();
});

const column = (page: Page, model: string): Locator => page.locator(`[data-testid="comparison-column"][data-model="${model}"]`);
const stateOf = (page: Page, model: string) => column(page, model).getAttribute('data-state');

async function creditCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('credit-count').getAttribute('aria-label')) ?? '';
  return Number(label.split(' ')[0]!.replaceAll(',', ''));
}

describe('a visitor becomes a user and compares models', () => {
  it('signs up and verifies through the emailed link, arriving signed in with 150 credits', async () => {
    const { page } = opened;
    await page.getByRole('banner').getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByTestId('auth-name').fill('Grace Hopper');
    await page.getByTestId('auth-email').fill(email);
    await page.getByTestId('auth-password').fill('compilers are fun');
    await page.getByTestId('auth-confirm-password').fill('compilers are fun');
    await page.getByTestId('auth-submit').click();
    await page.getByTestId('verification-banner').waitFor();

    const link = verificationLinkIn(await mail.next(email));
    await page.goto(new URL(`${link.url.pathname}${link.url.search}`, stack.baseUrl).toString());
    await page.getByTestId('verification-success').waitFor({ timeout: underLoad(10_000) });
    await page.waitForURL((url) => url.pathname === '/', { timeout: underLoad(5_000) });
    await page.getByTestId('user-menu').waitFor();
    await expect.poll(() => creditCount(page)).toBe(150);
  });

  it('compares three models; each column finishes on its own and the failing one fails alone', async () => {
    const { page, problems } = opened;
    await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
    await page.getByTestId('clear-all').click();
    for (const label of ['OpenAI - GPT-4o mini', 'Anthropic - Claude 3 Haiku', 'Google Gemini - Gemini 2.5 Flash']) {
      await page.getByRole('checkbox', { name: label, exact: true }).check();
    }
    await expect.poll(() => page.getByTestId('cost-badge').textContent()).toBe('Cost: 18 credits');
    await page
      .getByTestId('comparison-query-input')
      .fill('Which sorting algorithm should I use? [[simulate for=gpt-4o-mini chunks=4 chunk-ms=10]] [[simulate for=haiku chunks=60 chunk-ms=60]] [[simulate for=gemini status=400]]');
    await page.getByTestId('compare-button').click();

    // The fast model is done and the failing one has failed while the slow one is still writing.
    await expect.poll(() => stateOf(page, 'gpt-4o-mini'), { timeout: underLoad(10_000) }).toBe('done');
    await expect.poll(() => stateOf(page, 'gemini-2.5-flash'), { timeout: underLoad(10_000) }).toBe('error');
    expect(await stateOf(page, 'claude-3-haiku-20240307')).toBe('streaming');
    await expect.poll(() => column(page, 'gemini-2.5-flash').getByTestId('column-retry').count()).toBe(0);

    await page.getByTestId('new-comparison').waitFor({ timeout: underLoad(20_000) });
    expect(await stateOf(page, 'claude-3-haiku-20240307')).toBe('done');
    await expect.poll(() => page.getByTestId('total-credits').textContent()).toContain('10 credits');
    await saveScreenshot(page, 'journey-comparison-finished');
    // Charged only for the two answers: 150 − 6 − 4 (the credit refresh waits 2 s after the comparison).
    await expect.poll(() => creditCount(page), { timeout: underLoad(15_000) }).toBe(140);
    expect(problems.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('lists the comparison in the sidebar; its details run it again', async () => {
    const { page } = opened;
    const entry = page.getByTestId('recent-request').first();
    await expect.poll(async () => (await entry.textContent()) ?? '', { timeout: underLoad(10_000) }).toContain('Which sorting algorithm should I use?');
    await expect.poll(() => entry.textContent()).toContain('Comparison');
    await entry.click();
    const details = page.getByTestId('request-details-modal');
    await details.getByRole('dialog').waitFor({ state: 'visible' });
    await expect.poll(() => details.textContent()).toContain('Request Comparison');
    await expect.poll(() => details.textContent()).toContain('10 credits');
    await saveScreenshot(page, 'journey-details-modal');

    await details.getByTestId('run-again-button').click();
    await details.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('comparison-query-input').inputValue()).toContain('Which sorting algorithm should I use?');
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toContain('3');
  });

  it('keeps a comparison going through a reload', async () => {
    const { page } = opened;
    await page.getByTestId('clear-all').click();
    for (const label of ['OpenAI - GPT-4o mini', 'Anthropic - Claude 3 Haiku']) {
      await page.getByRole('checkbox', { name: label, exact: true }).check();
    }
    await page.getByTestId('comparison-query-input').fill('Explain quorums slowly [[simulate chunks=50 chunk-ms=80]]');
    await page.getByTestId('compare-button').click();
    await expect
      .poll(async () => ((await column(page, 'gpt-4o-mini').getByTestId('column-answer').textContent()) ?? '').length, { timeout: underLoad(10_000) })
      .toBeGreaterThan(10);

    await page.reload();
    await page.getByTestId('startup-loader').waitFor({ state: 'detached' });
    await page.getByTestId('comparison-query-input').waitFor();
    await expect.poll(() => page.getByTestId('comparison-column').count()).toBe(2);
    await page.getByTestId('new-comparison').waitFor({ timeout: underLoad(20_000) });
    expect(await stateOf(page, 'gpt-4o-mini')).toBe('done');
    expect(await stateOf(page, 'claude-3-haiku-20240307')).toBe('done');
    await expect.poll(() => creditCount(page), { timeout: underLoad(15_000) }).toBe(130);
  });
});
