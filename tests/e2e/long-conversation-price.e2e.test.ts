import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * A follow-up to a long conversation in the single view: the follow-up box shows the price with what the long
 * conversation adds, says so under the box, and that is what the answer is charged.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

/** About 30,000 characters of answer, quickly. */
const LONG_ANSWER = '[[simulate chunks=5000 chunk-ms=0]]';

const panelState = (page: Page) => page.getByTestId('answer-panel').getAttribute('data-state');

async function answered(page: Page): Promise<void> {
  await expect.poll(() => panelState(page), { timeout: underLoad(30_000) }).toBe('done');
  await page.getByTestId('follow-up-form').waitFor({ timeout: underLoad(10_000) });
}

/** The characters of a conversation's questions and answers as stored, counted as the price counts them. */
async function storedCharacters(userId: string): Promise<number> {
  const rows = await stack
    .records()
    .getConnection()
    .execute<{ query: string; answer_text: string }[]>(
      `select request.query, run.answer_text from search_requests request join model_runs run on run.request_id = request.id where request.user_id = ?`,
      [userId],
    );
  return rows.reduce((sum, row) => sum + Array.from(row.query).length + Array.from(row.answer_text).length, 0);
}

describe('the follow-up box of a long conversation', () => {
  it('shows the long-conversation surcharge in the price before asking, and charges exactly that', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: payer.cookie });
    await page.getByTestId('query-input').fill(`Tell me everything about rivers ${LONG_ANSWER}`);
    await page.getByTestId('ask-button').click();
    await answered(page);
    // About 7,500 tokens so far: within what the price includes, so the box shows the model's price alone.
    await expect.poll(() => page.getByTestId('follow-up-form').getByTestId('cost-badge').textContent()).toBe('Cost: 6 credits');
    await expect.poll(() => page.getByTestId('long-conversation-note').count()).toBe(0);

    await page.getByTestId('follow-up-input').fill(`And everything about lakes ${LONG_ANSWER}`);
    await page.getByTestId('follow-up-button').click();
    await expect.poll(() => accountLedger(stack.records(), payer.accountId), { timeout: underLoad(30_000) }).toEqual({ balance: 138, held: 0 });
    await answered(page);

    const question = 'Which of them are the deepest?';
    const earlier = await storedCharacters(payer.user.id);
    const tokens = Math.ceil((earlier + question.length) / 4);
    const surcharge = Math.ceil((tokens - 8_000) / 4_000);
    expect(surcharge).toBeGreaterThan(0);
    const form = page.getByTestId('follow-up-form');
    await form.getByTestId('follow-up-input').fill(question);
    await expect.poll(() => form.getByTestId('cost-badge').textContent(), { timeout: underLoad(10_000) }).toBe(`Cost: ${6 + surcharge} credits`);
    await expect.poll(() => form.getByTestId('long-conversation-note').innerText()).toBe(
      `Includes ${surcharge} credit${surcharge === 1 ? '' : 's'} for a long conversation: about ${tokens.toLocaleString('en-US')} tokens, of which 8,000 are included in the price.`,
    );

    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await form.scrollIntoViewIfNeeded();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await saveViewportScreenshot(page, `follow-up-long-conversation-${colorScheme}`);
      }
    }

    await form.getByTestId('follow-up-button').click();
    await expect.poll(() => accountLedger(stack.records(), payer.accountId), { timeout: underLoad(30_000) }).toEqual({ balance: 138 - 6 - surcharge, held: 0 });
    expect(problems).toEqual([]);
    await close();
  }, testLimit(180_000));
});
