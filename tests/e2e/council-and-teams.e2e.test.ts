import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import type { TestStack } from '../support/test-stack.ts';

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

/** Serious axe findings within the parts this feature adds, at a phone's width and a desktop's. */
async function checkAtBothWidths(page: Page, name: string, scope: string) {
  await page.mouse.move(0, 0);
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    await saveScreenshot(page, name);
    expect(await seriousAccessibilityViolations(page, [scope]), `${name} at ${viewport.width} px`).toEqual([]);
    // Nothing pushes the page sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

const MODELS = ['OpenAI - GPT-4o mini', 'Anthropic - Claude 3.5 Haiku', 'Groq - Llama 3.1 8B'];

describe('a council and saved teams', () => {
  it('saves the picked models as a team, holds a council on their answers, and opens the team by link', { timeout: testLimit(90_000) }, async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    try {
      await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
      await page.getByTestId('clear-all').click();
      for (const label of MODELS) await page.getByRole('checkbox', { name: label, exact: true }).check();

      // Save them as a team, with a council chaired by Llama.
      await page.getByTestId('team-save-open').click();
      const name = `Council crew ${Date.now()}`;
      await page.getByTestId('team-name').fill(name);
      await page.getByTestId('team-after').selectOption('council');
      await page.getByTestId('team-judge-model').selectOption('groq/llama-3.1-8b-instant');
      await page.getByTestId('team-save').click();
      await expect.poll(() => page.getByTestId('team-saved').textContent()).toContain(`Saved “${name}”`);
      const link = await page.getByTestId('team-link').getAttribute('href');
      expect(link).toMatch(/\/\?team=[0-9a-f-]{36}$/);
      await expect.poll(() => page.getByTestId('team-choice').filter({ hasText: name }).count()).toBe(1);

      await page.getByTestId('comparison-query-input').fill('How should a small team plan a database migration?');
      await page.getByTestId('compare-button').click();
      await page.getByTestId('new-comparison').waitFor({ timeout: underLoad(30_000) });

      // The council, beside the judge's modes: its price first, then the reviews and the chairman's answer.
      await page.getByTestId('show-differences').click();
      await page.getByTestId('judge-mode').getByText('Council', { exact: true }).click();
      await page.getByTestId('judge-model').selectOption('groq/llama-3.1-8b-instant');
      // Reviews: GPT-4o mini 6, Claude 3.5 Haiku 6, Llama 2; chairman Llama 2.
      await expect.poll(() => page.getByTestId('council-price').textContent(), { timeout: underLoad(15_000) }).toContain('Reviews: 14 credits (3 models) · Chairman: 2 credits');
      await expect.poll(() => page.getByTestId('council-run').textContent()).toBe('Hold council · 16 credits');
      await page.getByTestId('council-run').click();
      await expect.poll(() => page.getByTestId('council-status').getAttribute('data-status'), { timeout: underLoad(45_000) }).toBe('done');
      await expect.poll(() => page.getByTestId('council-review').count()).toBe(3);
      await expect.poll(() => page.getByTestId('council-ranking').count()).toBe(3);
      // Each review ranks the two answers it read, by label with the model's name beside it.
      for (const ranking of await page.getByTestId('council-ranking').all()) await expect.poll(() => ranking.locator('li').count()).toBe(2);
      await expect.poll(() => page.getByTestId('council-standings').locator('li').count()).toBe(3);
      await expect.poll(() => page.getByTestId('council-attributions').textContent()).toMatch(/Answer [A-C] = (GPT-4o mini|Claude 3\.5 Haiku|Llama 3\.1 8B) \(\d\)/);
      await expect.poll(() => page.getByTestId('council-chairman').textContent()).toContain('The council cost 16 credits.');
      await checkAtBothWidths(page, 'council', '[data-testid="council-panel"]');

      // The team's link opens the comparison with the team picked: its three models ticked.
      await page.goto(link!);
      await expect.poll(() => page.getByTestId('team-picked').textContent(), { timeout: underLoad(15_000) }).toBe(
        `Team “${name}” picked: 3 models, then a council (Llama 3.1 8B).`,
      );
      await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('3 selected');
      for (const label of MODELS) await expect.poll(() => page.getByRole('checkbox', { name: label, exact: true }).isChecked()).toBe(true);
      await expect.poll(() => page.evaluate(() => window.location.search)).toBe('');
      await checkAtBothWidths(page, 'team-bar', '[data-testid="team-bar"]');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
