import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { createPayer } from '../support/funded-user.ts';
import type { TestStack } from '../support/test-stack.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';

/**
 * Links that open the home page ready to ask (`/?q=…&models=engine/model,…`): the form is filled the way "Run this
 * prompt again" fills it, models the catalogue does not hold are left out, nothing is asked (or charged) until Ask, and
 * the address bar drops the parameters so a reload keeps the person's edits.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

// The comparison view loads on demand and fills once the catalogue is in: allow for both on a busy machine.
const FILLED = { timeout: underLoad(15_000) };

const checkedModels = (page: Page) =>
  page.getByRole('checkbox', { checked: true }).evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));

describe('a link that pre-fills the home page', () => {
  it('opens a comparison of the named models with the question, asks nothing, and cleans the address', async () => {
    const { cookie } = await createPayer(stack.records(), stack.config, 500);
    const question = 'Which CRM suits a ten-person team?';
    const path = `/?q=${encodeURIComponent(question)}&models=openai/gpt-3.5-turbo,openai/no-such-model,groq/llama-3.1-8b-instant`;
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { path, cookie });
    try {
      await expect.poll(() => page.getByTestId('comparison-query-input').inputValue(), FILLED).toBe(question);
      // A model the catalogue does not hold is left out, as "Run this prompt again" leaves out one it no longer has.
      await expect.poll(() => checkedModels(page)).toEqual(['OpenAI - GPT-3.5 Turbo', 'Groq - Llama 3.1 8B']);
      await expect.poll(() => new URL(page.url()).search).toBe('');
      const [asked] = await stack.records().execute<{ count: number }[]>(`select count(*)::int as count from search_requests where query = ?`, [question]);
      expect(asked!.count).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('opens the single view on the one model a link names', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/?q=What+is+a+quorum%3F&models=groq/llama-3.1-8b-instant' });
    try {
      await expect.poll(() => page.getByTestId('query-input').inputValue(), FILLED).toBe('What is a quorum?');
      await expect.poll(() => page.getByTestId('engine-select').inputValue()).toBe('Groq');
      await expect.poll(() => page.getByTestId('model-select').inputValue()).toContain('Llama 3.1 8B');
    } finally {
      await close();
    }
  });

  for (const [label, viewport] of [
    ['phone', PHONE_VIEWPORT],
    ['desktop', DESKTOP_VIEWPORT],
  ] as const) {
    it(`is pictured filled from a link on a ${label}`, async () => {
      const { cookie } = await createPayer(stack.records(), stack.config, 500);
      const { page, close } = await openPage(browser, stack.baseUrl, {
        cookie,
        viewport,
        path: '/?q=Best+note-taking+app%3F&models=openai/gpt-3.5-turbo,groq/llama-3.1-8b-instant&brand=Notion',
      });
      try {
        await expect.poll(() => page.getByTestId('comparison-query-input').inputValue(), FILLED).toBe('Best note-taking app?');
        await saveViewportScreenshot(page, `link-prefill-${label}`);
      } finally {
        await close();
      }
    });
  }
});
