import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueData } from '../../contract/catalogue.ts';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { seedModelRuns, type SeededRun } from '../support/seeded-model-runs.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit } from '../support/load-scaled-timeout.ts';

/**
 * The models page on a real stack, its figures counted by Postgres from runs written into `model_runs`: GPT-4o mini
 * answered 30 times in the last day (first tokens after 100–390 ms), DeepSeek Chat 25 times (after 1.2 s each, 4 of
 * them failed), Claude 3 Haiku 5 times (not enough for a figure). Every catalogue model is listed; the table sorts by
 * any column, both ways, with figures not given yet last; at 390 px the page itself never scrolls sideways (the
 * table does, inside its region, with the model's name kept in view); light and dark at 390 and 1440 px, with axe.
 */

let browser: Browser;
let stack: TestStack;
let catalogue: CatalogueData;

const HOUR_MS = 3_600_000;
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

browserStackForFile((started) => ({ browser, stack } = started));

beforeAll(async () => {
  catalogue = ((await (await fetch(`${stack.baseUrl}/api/models`)).json()) as { data: CatalogueData }).data;
  const runs: SeededRun[] = [
    ...range(30).map((index) => ({ engine: 'openai', model: 'gpt-4o-mini', status: 'completed' as const, endedAgoMs: HOUR_MS + index * 1000, ttftMs: 100 + index * 10, streamingMs: 2_000, outputTokens: 200 })),
    ...range(21).map(() => ({ engine: 'deepseek', model: 'deepseek-chat', status: 'completed' as const, endedAgoMs: 2 * HOUR_MS, ttftMs: 1_200, streamingMs: 4_000, outputTokens: 200 })),
    ...range(4).map(() => ({ engine: 'deepseek', model: 'deepseek-chat', status: 'error' as const, endedAgoMs: 2 * HOUR_MS })),
    ...range(5).map(() => ({ engine: 'anthropic', model: 'claude-3-haiku-20240307', status: 'completed' as const, endedAgoMs: 3 * HOUR_MS })),
  ];
  await seedModelRuns(stack.records(), runs);
});

const rowModels = (page: Page) => page.getByTestId('model-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-model') ?? ''));
const row = (page: Page, model: string) => page.locator(`[data-testid="model-row"][data-model="${model}"]`);

/** Sorting by a column: the first click orders its numbers highest first, the next lowest first; not-yet figures stay last. */
async function assertSorting(page: Page): Promise<void> {
  const header = (key: string) => page.getByTestId(`sort-${key}`);
  const headerCell = (key: string) => page.locator('th', { has: header(key) });

  await header('firstTokenP50').click();
  await expect.poll(() => headerCell('firstTokenP50').getAttribute('aria-sort')).toBe('descending');
  await expect.poll(async () => (await rowModels(page)).slice(0, 2)).toEqual(['deepseek-chat', 'gpt-4o-mini']);
  await header('firstTokenP50').click();
  await expect.poll(() => headerCell('firstTokenP50').getAttribute('aria-sort')).toBe('ascending');
  await expect.poll(async () => (await rowModels(page)).slice(0, 2)).toEqual(['gpt-4o-mini', 'deepseek-chat']);
  // Claude 3 Haiku has answers but no figure yet: after the two with one, whichever way.
  expect((await rowModels(page)).indexOf('claude-3-haiku-20240307')).toBeGreaterThan(1);
  await expect.poll(() => headerCell('credits').getAttribute('aria-sort')).toBe('none');

  await header('credits').click();
  await expect.poll(() => headerCell('credits').getAttribute('aria-sort')).toBe('descending');
  const prices = await page.getByTestId('model-price').evaluateAll((cells) => cells.map((cell) => Number.parseInt(cell.textContent ?? '', 10)));
  expect(prices).toEqual([...prices].sort((a, b) => b - a));

  await header('name').click();
  await expect.poll(() => headerCell('name').getAttribute('aria-sort')).toBe('ascending');
  const names = await page.getByTestId('model-name').allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
}

describe('the models page', () => {
  it('lists every catalogue model with its price, context, what it accepts and tier, and the figures of real answers', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { path: '/models' });
    await page.getByTestId('models-table').waitFor();
    const listed = Object.values(catalogue.models).flatMap((engine) => engine.models.map((model) => model.id));
    await expect.poll(() => rowModels(page)).toEqual(listed);

    const mini = row(page, 'gpt-4o-mini');
    await expect.poll(() => mini.getByTestId('model-price').textContent()).toBe('6 credits');
    await expect.poll(() => mini.getByTestId('model-context').textContent()).toBe('128K');
    await expect.poll(() => mini.getByTestId('model-tier').textContent()).toBe('Registered');
    const accepts = (await mini.getByTestId('model-accepts').textContent()) ?? '';
    for (const part of ['Web search', 'System prompt', 'Temperature 0–2']) expect(accepts).toContain(part);
    expect(accepts).not.toContain('Reasoning');
    await expect.poll(() => row(page, 'gpt-5').getByTestId('model-accepts').textContent()).toContain('Reasoning');
    await expect.poll(() => row(page, 'gpt-3.5-turbo').getByTestId('model-tier').textContent()).toBe('Guests');

    // The last day's figures, each with its count: first tokens after 100, 110, … 390 ms.
    await expect.poll(() => mini.getByTestId('figure-answers').textContent()).toBe('30');
    await expect.poll(() => mini.getByTestId('figure-first-token-p50').getAttribute('data-value')).toBe('245 ms');
    await expect.poll(() => mini.getByTestId('figure-first-token-p95').getAttribute('data-value')).toBe('376 ms');
    await expect.poll(() => mini.getByTestId('figure-first-token-p50').textContent()).toContain('30 answers');
    await expect.poll(() => mini.getByTestId('figure-speed').getAttribute('data-value')).toBe('100 /s');
    const deepseek = row(page, 'deepseek-chat');
    await expect.poll(() => deepseek.getByTestId('figure-error-rate').getAttribute('data-value')).toBe('16%');
    await expect.poll(() => deepseek.getByTestId('figure-error-rate').textContent()).toContain('25 answers');
    await expect.poll(() => deepseek.getByTestId('figure-first-token-p50').getAttribute('data-value')).toBe('1.2 s');
    // Five answers: counted, but "not enough answers yet", with the minimum the page states.
    const haiku = row(page, 'claude-3-haiku-20240307');
    await expect.poll(() => haiku.getByTestId('figure-first-token-p50').textContent()).toBe('Not enough answers yet5 of 20');
    await expect.poll(() => page.getByTestId('figures-rules').textContent()).toContain('at least 20 answers');

    // The week's window holds the same answers here.
    await page.getByTestId('figures-window').getByText('Last 7 days').click();
    await expect.poll(() => mini.getByTestId('figure-answers').textContent()).toBe('30');

    for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await page.getByTestId('models-table').waitFor();
      await assertSorting(page);
      // The page never scrolls sideways; on a phone the table does, inside its own region.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await transitionsSettled(page);
        await saveScreenshot(page, `models-page-${colorScheme}`);
        expect(await seriousAccessibilityViolations(page), `${colorScheme} ${viewport.width}`).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }

    // On a phone the model's name stays in view while the figures scroll under it.
    const region = page.getByTestId('models-table-region');
    const nameBefore = (await mini.locator('th').boundingBox())!;
    await region.evaluate((element) => element.scrollBy({ left: 400 }));
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect((await mini.locator('th').boundingBox())!.x).toBeCloseTo(nameBefore.x, 0);

    // A failed call is named with its address (openPage adds it): the footer's health check included, which a busy
    // machine no longer fails.
    expect(problems).toEqual([]);
    await close();
  }, testLimit(240_000));

  it('is linked from the footer and the guest navigation', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/pricing' });
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Models' }).click();
    await page.getByTestId('models-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/models');
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Models' }).count()).toBe(1);
    await close();
  });
});
