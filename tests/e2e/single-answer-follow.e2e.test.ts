import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The single answer: it comes into view when it starts and the page follows its last line until the reader scrolls
 * away; it is badged with the model's name; it can be copied, regenerated and followed up, the follow-up showing
 * the conversation above the new answer.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

const LONG = '[[simulate chunks=160 chunk-ms=15]]';

async function ask(page: Page, question: string): Promise<void> {
  await page.getByTestId('query-input').fill(question);
  await page.getByTestId('ask-button').click();
}

const panelState = (page: Page) => page.getByTestId('answer-panel').getAttribute('data-state');
const panelBox = async (page: Page) => page.getByTestId('answer-panel').evaluate((element) => {
  const box = element.getBoundingClientRect();
  return { top: box.top, bottom: box.bottom, viewport: window.innerHeight, scrollY: window.scrollY };
});

describe('a streaming single answer', () => {
  for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
    it(`comes into view and is followed to its end at ${viewport.width} px, unless the reader scrolls away`, async () => {
      const { page, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport });
      await ask(page, `Tell me the long story of the printing press ${LONG}`);
      await page.getByTestId('answer').getByText(/./).first().waitFor();
      await expect.poll(async () => {
        const box = await panelBox(page);
        return box.top >= 0 && box.top < box.viewport;
      }).toBe(true);
      await expect.poll(() => panelState(page), { timeout: underLoad(20_000) }).toBe('done');
      // The last line arrived within the screen (polled: the on-demand markdown renderer may redraw it just after).
      await expect.poll(async () => (await panelBox(page)).scrollY).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('answer').evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight + 1), { timeout: underLoad(5_000) }).toBe(true);

      // Scrolling up while it streams: the page stays where the reader put it.
      await page.getByTestId('query-input').fill(`Tell me the long story of the telescope ${LONG}`);
      await page.getByTestId('ask-button').click();
      await expect.poll(() => panelState(page)).toBe('streaming');
      // Once the new answer has been brought into view (on a busy machine its first words can come a moment later),
      // the reader scrolls back up, over the page's right edge, clear of anything that scrolls on its own (the sidebar, a long question box).
      await page.getByTestId('answer').getByText(/./).first().waitFor();
      await expect.poll(async () => {
        const box = await panelBox(page);
        return box.top >= 0 && box.top < box.viewport;
      }).toBe(true);
      await page.mouse.move(viewport.width - 12, viewport.height / 2);
      await page.mouse.wheel(0, -5000);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect.poll(() => panelState(page), { timeout: underLoad(20_000) }).toBe('done');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await close();
    }, testLimit(60_000));
  }
});

describe('a finished single answer', () => {
  it('is badged with the model’s name, copies, regenerates for its price, and takes a follow-up', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const opened = await openPage(browser, stack.baseUrl, { cookie: payer.cookie });
    const { page, context } = opened;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    await ask(page, 'What is a lighthouse keeper?');
    await expect.poll(() => panelState(page), { timeout: underLoad(20_000) }).toBe('done');
    await expect.poll(() => page.getByTestId('model-badge').innerText()).toBe('OpenAI · GPT-4o mini');

    await page.getByTestId('answer-copy').click();
    // The page writes the clipboard after the click has returned: read once it holds the answer.
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    await expect.poll(async () => (await clipboard()).length).toBeGreaterThan(20);
    const copied = await clipboard();
    // What was copied is the markdown; the page shows it drawn, once the on-demand renderer has arrived.
    const copiedStart = copied.split('\n')[0]!.replace(/[*_`]/g, '').slice(0, 20);
    await expect.poll(() => page.getByTestId('answer').innerText(), { timeout: underLoad(10_000) }).toContain(copiedStart);

    await page.getByTestId('answer-regenerate').click();
    await expect.poll(() => panelState(page), { timeout: underLoad(20_000) }).toBe('done');
    await expect.poll(() => accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 12, held: 0 });

    await page.getByTestId('follow-up-input').fill('Do they still exist?');
    await page.getByTestId('follow-up-button').click();
    await expect.poll(() => panelState(page), { timeout: underLoad(20_000) }).toBe('done');
    await expect.poll(() => page.getByTestId('column-thread-question').innerText()).toBe('What is a lighthouse keeper?');
    await expect.poll(() => page.getByTestId('column-current-question').innerText()).toBe('Do they still exist?');
    await expect.poll(() => accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 18, held: 0 });
    await opened.close();
  }, testLimit(60_000));
});
