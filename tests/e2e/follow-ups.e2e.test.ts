import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import type { TestStack } from '../support/test-stack.ts';
import { allColumnsDone, comparisonColumn, COMPARED_MODEL_IDS, startComparison } from '../support/comparison-page.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * A conversation in the comparison view: after the answers, a follow-up goes to the same models, each column shows
 * its own thread (the earlier question and that model's answer above the new one), every turn is charged, and a
 * reload in the middle of a follow-up brings the whole conversation back.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

describe('a follow-up in the comparison view', () => {
  it('continues every column’s conversation, charges each turn, and survives a reload mid-answer', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: payer.cookie });
    await startComparison(page, 'Which planets have rings?');
    await allColumnsDone(page);
    const firstAnswers = await Promise.all(COMPARED_MODEL_IDS.map((model) => comparisonColumn(page, model).getByTestId('column-answer').innerText()));
    // No thread yet: a first question stands alone.
    await expect.poll(() => page.getByTestId('column-thread').count()).toBe(0);

    await page.getByTestId('follow-up-input').fill('Which of them has the brightest rings? [[simulate chunks=30 chunk-ms=120]]');
    await page.getByTestId('follow-up-button').click();
    await comparisonColumn(page, 'gpt-4o-mini').and(page.locator('[data-state="streaming"]')).waitFor();
    for (const [index, model] of COMPARED_MODEL_IDS.entries()) {
      const thread = comparisonColumn(page, model).getByTestId('column-thread');
      await expect.poll(() => thread.getByTestId('column-thread-question').innerText()).toBe('Which planets have rings?');
      // Compared without markdown's emphasis marks: a finished answer is drawn as plain text until the markdown
      // renderer (loaded on demand) has arrived, so the same words may be read before or after it is applied.
      const plain = (text: string) => text.replaceAll('*', '');
      expect(plain(await thread.getByTestId('column-thread-turn').innerText())).toContain(plain(firstAnswers[index]!.split('\n')[0]!));
      await expect.poll(() => thread.getByTestId('column-current-question').innerText()).toContain('Which of them has the brightest rings?');
    }

    // Reload while the follow-up streams: the conversation comes back and the answers finish.
    await page.reload();
    await page.getByTestId('startup-loader').waitFor({ state: 'detached' });
    await comparisonColumn(page, 'gpt-4o-mini').getByTestId('column-thread').waitFor({ timeout: underLoad(10_000) });
    await expect.poll(() => comparisonColumn(page, 'deepseek-chat').getByTestId('column-thread-question').innerText()).toBe('Which planets have rings?');
    await allColumnsDone(page);

    // The history lists the conversation once, under its first question, with its two turns.
    const entry = page.getByTestId('recent-request').first();
    await expect.poll(() => entry.getByTestId('request-turn-count').textContent().catch(() => null)).toBe('2 turns');
    await expect.poll(() => entry.getByTestId('request-query').innerText()).toBe('Which planets have rings?');
    await expect.poll(() => page.getByTestId('recent-request').filter({ hasText: 'Which of them has the brightest rings?' }).count()).toBe(0);

    // gpt-4o-mini 6 + deepseek-chat 6 + llama-3.1-8b-instant 2 = 14 credits a turn.
    await expect.poll(() => accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 28, held: 0 });
    expect(problems).toEqual([]);
    await close();
  }, testLimit(90_000));

  it('reads well and passes axe with a thread, on a phone and a desktop, light and dark', async () => {
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      const { page, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport });
      await startComparison(page, 'Name two famous bridges.');
      await allColumnsDone(page);
      await page.getByTestId('follow-up-input').fill('Which one is older?');
      await page.getByTestId('follow-up-button').click();
      await allColumnsDone(page);
      await page.getByTestId('follow-up-form').waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await transitionsSettled(page);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await saveScreenshot(page, `comparison-follow-up-${colorScheme}`);
      }
      await close();
    }
  }, testLimit(90_000));
});
