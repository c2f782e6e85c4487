import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { markUniqueSentences } from '../../client/src/components/answer-differences/sentence-differences.ts';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import type { TestStack } from '../support/test-stack.ts';

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

async function pictureAndCheck(page: Page, name: string, scope = '[data-testid="comparison-results"]') {
  await page.mouse.move(0, 0);
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreenshot(page, `${name}-${colorScheme}`);
      expect(await seriousAccessibilityViolations(page, [scope]), `${name} ${colorScheme} ${viewport.width}`).toEqual([]);
    }
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.emulateMedia({ colorScheme: 'light' });
}

const MODELS = ['gpt-4o-mini', 'claude-3-5-haiku-20241022'];

describe('where answers differ', () => {
  // Two judge runs and eight axe checks: a minute on a quiet machine, longer on a busy one.
  it('highlights, in a finished comparison, the sentences each answer has that the other lacks, and asks a judge for a summary', { timeout: testLimit(60_000) }, async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    try {
      await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
      await page.getByTestId('clear-all').click();
      for (const label of ['OpenAI - GPT-4o mini', 'Anthropic - Claude 3.5 Haiku']) await page.getByRole('checkbox', { name: label, exact: true }).check();
      await page.getByTestId('comparison-query-input').fill('How do I keep a small team focused?');
      await page.getByTestId('compare-button').click();
      await page.getByTestId('new-comparison').waitFor();
      await expect.poll(() => page.getByTestId('answer-differences').count()).toBe(0);

      await page.getByTestId('show-differences').click();
      await page.getByTestId('answer-differences').waitFor();
      await expect.poll(() => page.getByTestId('difference-card').count()).toBe(2);
      // Turned on at the top of the results, the differences appear below every answer: brought into view, clear of the top bar.
      await expect
        .poll(() => page.getByTestId('answer-differences').evaluate((element) => {
          const { top } = element.getBoundingClientRect();
          return top >= 60 && top < window.innerHeight;
        }))
        .toBe(true);

      // What the page marks is exactly what the rule finds in the stored answers.
      const answers = await Promise.all(
        MODELS.map(async (model) => {
          const [row] = await stack.records().execute<{ answer_text: string }[]>(
            "select answer_text from model_runs where model = ? and status = 'completed' order by completed_at desc limit 1",
            [model],
          );
          return row!.answer_text;
        }),
      );
      const expected = markUniqueSentences(answers).map((sentences) => sentences.filter((sentence) => sentence.unique).map((sentence) => sentence.text));
      expect(expected.flat().length).toBeGreaterThan(0);
      for (const [index, card] of (await page.getByTestId('difference-card').all()).entries()) {
        await expect.poll(() => card.getByTestId('unique-sentence').allTextContents()).toEqual(expected[index]);
      }
      // Each model names itself in its first sentence: that is the one thing the other answer never says.
      expect((await page.getByTestId('unique-sentence').allTextContents()).join(' ')).toContain('gpt-4o-mini');
      await expect.poll(() => page.getByTestId('request-actions').count()).toBe(1);

      // The optional judge: a model of one's choosing summarises agreement and disagreement, at its price.
      await page.getByTestId('judge-model').selectOption('groq/llama-3.1-8b-instant');
      await page.getByTestId('judge-run').click();
      await page.getByTestId('judge-result').waitFor();
      await expect.poll(() => page.getByTestId('judge-result').textContent()).toContain('2 credits');
      await expect.poll(() => page.getByTestId('judge-result-mode').textContent()).toBe('Agreement');
      const [judged] = await stack.records().execute<{ model: string; credits_charged: number }[]>(
        `select run.model, run.credits_charged from model_runs run join search_requests request on request.id = run.request_id
          where request.query like 'Summarise where the answers above agree%' order by run.created_at desc limit 1`,
      );
      expect(judged).toEqual({ model: 'llama-3.1-8b-instant', credits_charged: 2 });

      // Another mode, with the person's own instruction saved for it: the judge is asked exactly that.
      await page.getByTestId('judge-mode').getByText('Rank', { exact: true }).click();
      await expect.poll(() => page.getByTestId('judge-run').textContent()).toBe('Rank · 2 credits');
      await page.getByTestId('judge-instruction-edit').click();
      await page.getByTestId('judge-instruction-input').fill('Rank the answers by how concrete they are.');
      await page.getByTestId('judge-instruction-save').click();
      await expect.poll(() => page.getByTestId('judge-instruction').textContent()).toContain('Your instruction: Rank the answers by how concrete they are.');
      await page.getByTestId('judge-run').click();
      await expect.poll(() => page.getByTestId('judge-result-mode').textContent(), { timeout: underLoad(20_000) }).toBe('Rank');
      const [ranked] = await stack.records().execute<{ query: string }[]>(
        `select query from search_requests where query like 'Rank the answers by how concrete%' order by created_at desc limit 1`,
      );
      expect(ranked!.query).toBe('Rank the answers by how concrete they are.');
      await pictureAndCheck(page, 'answer-differences');

      await page.getByTestId('show-differences').click();
      await expect.poll(() => page.getByTestId('answer-differences').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('offers Share and the downloads under a finished single answer too', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    try {
      await page.getByTestId('query-input').fill('What is a quorum?');
      await page.getByTestId('ask-button').click();
      await page.getByTestId('request-actions').waitFor({ timeout: underLoad(20_000) });
      const href = await page.getByTestId('export-markdown').getAttribute('href');
      expect(href).toMatch(/^\/api\/requests\/[0-9a-f-]{36}\/export\?format=markdown$/);
      const download = await page.context().request.get(new URL(href!, stack.baseUrl).toString());
      expect(download.status()).toBe(200);
      expect(await download.text()).toMatch(/^# What is a quorum\?\n/);
      await page.getByTestId('share-request').click();
      await page.getByTestId('share-dialog-create').click();
      await expect.poll(() => page.getByTestId('share-url').inputValue()).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
      await pictureAndCheck(page, 'single-share', '[data-testid="request-actions"]');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
