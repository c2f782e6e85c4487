import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import type { TestStack } from '../support/test-stack.ts';
import { allColumnsDone, comparisonColumn, COMPARED_MODEL_IDS, startComparison } from '../support/comparison-page.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The ways a comparison goes on, in the browser: carry one column's answer to every model, edit a question and flip
 * between its versions, and continue one model alone in the single view; each survives a reload mid-answer, and
 * every turn is charged once.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

const SLOW = '[[simulate chunks=30 chunk-ms=120]]';

async function reloadPage(page: Page): Promise<void> {
  await page.reload();
  await page.getByTestId('startup-loader').waitFor({ state: 'detached' });
}

/** The simulator's record of what `model` was sent with `question` last. */
const earlierSentTo = (model: string, question: string) => stack.simulator.requests.find((request) => request.model === model && request.lastUserMessage.includes(question))?.earlierMessages ?? [];

describe('continuing a comparison', () => {
  it('carries an answer, edits a question and switches its versions, forks one model, and survives reloads', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: payer.cookie });
    await startComparison(page, 'Which planets have moons?');
    await allColumnsDone(page);
    const deepseekAnswer = (await stack.records().execute<{ answer_text: string }[]>(`select answer_text from model_runs where model = 'deepseek-chat' order by created_at desc limit 1`))[0]!.answer_text;

    // Carry DeepSeek's answer: the follow-up box says so, and every model is given it.
    await comparisonColumn(page, 'deepseek-chat').getByTestId('column-carry').click();
    await expect.poll(() => page.getByTestId('follow-up-mode').getAttribute('data-mode')).toBe('carry');
    await expect.poll(() => page.getByTestId('follow-up-mode-note').innerText()).toContain('DeepSeek Chat');
    await page.getByTestId('follow-up-input').fill(`How many does each have? ${SLOW}`);
    await page.getByTestId('follow-up-button').click();
    await comparisonColumn(page, 'gpt-4o-mini').and(page.locator('[data-state="streaming"]')).waitFor();

    // A reload mid-answer brings back the thread and the carried answer's note, and the answers finish.
    await reloadPage(page);
    await comparisonColumn(page, 'gpt-4o-mini').getByTestId('question-carried').waitFor({ timeout: underLoad(10_000) });
    await expect.poll(() => comparisonColumn(page, 'llama-3.1-8b-instant').getByTestId('question-carried').innerText()).toContain('DeepSeek - DeepSeek Chat');
    await allColumnsDone(page);
    for (const model of COMPARED_MODEL_IDS) expect(earlierSentTo(model, 'How many does each have?')).toContain(deepseekAnswer);

    // The history says whose answer was carried, in the conversation's second turn.
    const conversation = page.getByTestId('recent-request').filter({ hasText: 'Which planets have moons?' }).first();
    await expect.poll(() => conversation.getByTestId('request-turn-count').textContent().catch(() => null)).toBe('2 turns');
    await conversation.click();
    const details = page.getByTestId('request-details-modal');
    await details.getByRole('dialog').waitFor({ state: 'visible' });
    await expect.poll(() => details.getByTestId('request-follow-up-note').innerText()).toContain("every model was given DeepSeek - DeepSeek Chat's answer");
    await page.keyboard.press('Escape');
    await details.getByRole('dialog').waitFor({ state: 'detached' });

    // Edit the question just answered: a second version, carried the same way, with a switcher.
    const gpt = comparisonColumn(page, 'gpt-4o-mini');
    await gpt.getByTestId('question-edit').last().click();
    await gpt.getByTestId('question-edit-input').fill('How many moons does Jupiter have?');
    await gpt.getByTestId('question-edit-send').click();
    await expect.poll(() => gpt.getByTestId('question-versions').getByTestId('version-label').innerText(), { timeout: underLoad(10_000) }).toBe('Version 2 of 2');
    await allColumnsDone(page);
    await expect.poll(() => gpt.getByTestId('column-current-question').innerText()).toBe('How many moons does Jupiter have?');
    await expect.poll(() => earlierSentTo('gpt-4o-mini', 'How many moons does Jupiter have?')).toContain(deepseekAnswer);

    // The first version is still there, with its answers.
    await gpt.getByTestId('question-versions').getByTestId('version-previous').click();
    await expect.poll(() => gpt.getByTestId('column-current-question').innerText(), { timeout: underLoad(10_000) }).toContain('How many does each have?');
    await expect.poll(() => gpt.getByTestId('question-versions').getByTestId('version-label').innerText()).toBe('Version 1 of 2');
    await allColumnsDone(page);

    // Continue with Llama only: the page switches to the single view, which keeps Llama's side of the thread.
    await comparisonColumn(page, 'llama-3.1-8b-instant').getByTestId('column-fork').click();
    await expect.poll(() => page.getByTestId('follow-up-button').innerText()).toContain('Continue with Groq - Llama 3.1 8B');
    await page.getByTestId('follow-up-input').fill(`Tell me about Titan. ${SLOW}`);
    await page.getByTestId('follow-up-button').click();
    const panel = page.getByTestId('answer-panel');
    await panel.getByTestId('question-forked').waitFor({ timeout: underLoad(10_000) });
    const forkedThread = () => panel.getByTestId('column-thread-question').allInnerTexts();
    await expect.poll(forkedThread).toEqual(['Which planets have moons?', expect.stringContaining('How many does each have?')]);

    await reloadPage(page);
    await page.getByTestId('answer-panel').getByTestId('column-thread').waitFor({ timeout: underLoad(10_000) });
    await page.locator('[data-testid="answer-panel"][data-state="done"]').waitFor({ timeout: underLoad(20_000) });
    await expect.poll(() => page.getByTestId('answer-panel').getByTestId('column-current-question').innerText()).toContain('Tell me about Titan.');
    expect(earlierSentTo('llama-3.1-8b-instant', 'Tell me about Titan.').slice(-4, -2)).toEqual(['Which planets have moons?', expect.any(String)]);
    expect(stack.simulator.requests.some((request) => request.model === 'gpt-4o-mini' && request.lastUserMessage.includes('Titan'))).toBe(false);

    // Three comparisons of 14 credits and one Llama answer of 2.
    await expect.poll(() => accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 150 - 3 * 14 - 2, held: 0 });
    expect(problems).toEqual([]);
    await close();
  }, testLimit(120_000));

  it('reads well and passes axe with versions and a carried answer, on a phone and a desktop, light and dark', async () => {
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      const { page, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport });
      await startComparison(page, 'Name two famous canals.');
      await allColumnsDone(page);
      await comparisonColumn(page, 'gpt-4o-mini').getByTestId('column-carry').click();
      await page.getByTestId('follow-up-input').fill('Which one is longer?');
      await page.getByTestId('follow-up-button').click();
      await allColumnsDone(page);
      const gpt = comparisonColumn(page, 'gpt-4o-mini');
      await gpt.getByTestId('question-edit').last().click();
      await gpt.getByTestId('question-edit-input').fill('Which one is older?');
      await gpt.getByTestId('question-edit-send').click();
      await gpt.getByTestId('question-versions').waitFor({ timeout: underLoad(10_000) });
      await allColumnsDone(page);
      await comparisonColumn(page, 'deepseek-chat').getByTestId('column-fork').click();
      await page.getByTestId('follow-up-mode-model').waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await transitionsSettled(page);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await saveScreenshot(page, `comparison-continue-modes-${colorScheme}`);
      }
      await close();
    }
  }, testLimit(120_000));
});
