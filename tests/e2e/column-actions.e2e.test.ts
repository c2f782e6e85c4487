import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { askComparison, comparisonColumn } from '../support/comparison-page.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * What can be done with each finished answer of a comparison: copy it as Markdown, ask its model again (charged),
 * widen it to the whole row; and how the columns read: side by side as equal cards whose answers scroll on their own
 * (in step when Sync scrolling is on), or one at a time in a swipeable row on a phone.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

const column = comparisonColumn;
const compare = askComparison;

const done = (page: Page, model: string) => column(page, model).and(page.locator('[data-state="done"]')).waitFor({ timeout: underLoad(30_000) });

describe('a finished answer’s actions', () => {
  it('copies the answer as Markdown, regenerates it for its price, and widens it to the whole row', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const opened = await openPage(browser, stack.baseUrl, { cookie: payer.cookie });
    const { page, context } = opened;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    await compare(page, ['OpenAI - GPT-4o mini', 'Groq - Llama 3.1 8B'], 'Explain tides in one paragraph.');
    await done(page, 'gpt-4o-mini');
    await done(page, 'llama-3.1-8b-instant');
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 8, held: 0 });

    const gpt = column(page, 'gpt-4o-mini');
    await gpt.getByTestId('column-copy').click();
    const [stored] = await stack.records().execute<{ answer_text: string }[]>(
      `select answer_text from model_runs where model = 'gpt-4o-mini' and status = 'completed' order by completed_at desc limit 1`,
    );
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(stored!.answer_text);
    await expect.poll(() => gpt.getByTestId('column-copy').innerText()).toBe('Copied');

    await gpt.getByTestId('column-regenerate').click();
    await done(page, 'gpt-4o-mini');
    await expect.poll(() => accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 8 - 6, held: 0 });

    const gridWidth = (await page.getByTestId('comparison-grid').boundingBox())!.width;
    await gpt.getByTestId('column-expand').click();
    await expect.poll(() => gpt.getAttribute('data-expanded')).toBe('true');
    expect((await gpt.boundingBox())!.width).toBeGreaterThan(gridWidth * 0.95);
    await gpt.getByTestId('column-expand').click();
    expect((await gpt.boundingBox())!.width).toBeLessThan(gridWidth * 0.6);
    await opened.close();
  }, testLimit(90_000));
});

describe('columns that read well', () => {
  it('keeps cards of a row equal, scrolls long answers inside them, and scrolls them together when asked', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport: DESKTOP_VIEWPORT });
    await compare(page, ['OpenAI - GPT-4o mini', 'DeepSeek - DeepSeek Chat'], 'Write a long history of bridges [[simulate chunks=400 chunk-ms=0]]');
    await done(page, 'gpt-4o-mini');
    await done(page, 'deepseek-chat');
    const [left, right] = [column(page, 'gpt-4o-mini'), column(page, 'deepseek-chat')];
    // Polled: the last words of each answer are drawn just after it is marked done, and the row settles then.
    await expect.poll(async () => (await left.boundingBox())!.height - (await right.boundingBox())!.height).toBe(0);
    const scrollOf = (card: Locator) => card.getByTestId('column-scroll').evaluate((element) => ({ top: element.scrollTop, range: element.scrollHeight - element.clientHeight }));
    await expect.poll(async () => (await scrollOf(left)).range).toBeGreaterThan(0);

    // Not synced: scrolling one leaves the other where it is.
    await left.getByTestId('column-scroll').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await page.waitForFunction(() => true);
    expect((await scrollOf(right)).top).toBe(0);

    await page.getByRole('switch', { name: 'Sync scrolling' }).check();
    await left.getByTestId('column-scroll').evaluate((element) => element.scrollTo({ top: (element.scrollHeight - element.clientHeight) / 2 }));
    await expect.poll(async () => {
      const { top, range } = await scrollOf(right);
      return Math.round((top / range) * 10);
    }).toBe(5);
    await saveScreenshot(page, 'comparison-columns-synced');
    await close();
  }, testLimit(90_000));

  it('moves between answers with Alt+arrows and stops them all with Escape', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport: DESKTOP_VIEWPORT });
    await compare(page, ['OpenAI - GPT-4o mini', 'DeepSeek - DeepSeek Chat'], 'Describe every ocean slowly [[simulate chunks=200 chunk-ms=50]]');
    await column(page, 'gpt-4o-mini').and(page.locator('[data-state="streaming"]')).waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    // Focus is read once the page has handled each key (polled: a busy page handles it a moment later).
    const focused = (model: string) => column(page, model).getByTestId('column-scroll').evaluate((element) => element === document.activeElement);
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => focused('gpt-4o-mini')).toBe(true);
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => focused('deepseek-chat')).toBe(true);
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => focused('gpt-4o-mini')).toBe(true);
    await page.keyboard.press('Escape');
    await column(page, 'gpt-4o-mini').and(page.locator('[data-state="stopped"]')).waitFor({ timeout: underLoad(15_000) });
    await column(page, 'deepseek-chat').and(page.locator('[data-state="stopped"]')).waitFor({ timeout: underLoad(15_000) });
    await close();
  }, testLimit(60_000));

  it('shows one answer at a time on a phone, the next a swipe away', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport: PHONE_VIEWPORT });
    await compare(page, ['OpenAI - GPT-4o mini', 'DeepSeek - DeepSeek Chat', 'Groq - Llama 3.1 8B'], 'Name a famous lighthouse.');
    await done(page, 'llama-3.1-8b-instant');
    const boxes = await Promise.all(['gpt-4o-mini', 'deepseek-chat', 'llama-3.1-8b-instant'].map(async (model) => (await column(page, model).boundingBox())!));
    // Side by side in one row, the first filling most of the screen.
    expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
    expect(boxes[0]!.width).toBeGreaterThan(PHONE_VIEWPORT.width * 0.75);
    const grid = page.getByTestId('comparison-grid');
    await grid.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(async () => (await column(page, 'llama-3.1-8b-instant').boundingBox())!.x).toBeLessThan(PHONE_VIEWPORT.width / 2);
    await expect.poll(() => column(page, 'gpt-4o-mini').getByTestId('column-expand').isVisible()).toBe(false);
    await close();
  }, testLimit(90_000));
});
